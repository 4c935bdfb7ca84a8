import { messages } from '@funnelry/shared'
import { Typography } from '@mui/material'

/** The empty state of every list (spec section 2). */
export function NoResults() {
  return (
    <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
      {messages.noResults}
    </Typography>
  )
}
