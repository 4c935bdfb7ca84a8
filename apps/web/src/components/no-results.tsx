import { messages } from '@funnelry/shared'
import { Typography } from '@mui/material'

/** The empty state of every list (spec section 2); a filtered list says what it looked for instead. */
export function NoResults({ text = messages.noResults }: { text?: string }) {
  return (
    <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
      {text}
    </Typography>
  )
}
