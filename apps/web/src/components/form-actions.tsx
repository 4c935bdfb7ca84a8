import { Stack } from '@mui/material'
import type { ReactNode } from 'react'

/** The buttons under a card's form (Settings and the CRM webhook's cards): sharing the full width on a phone (easy to tap), at the right on wider screens. */
export function FormActions({ children }: { children: ReactNode }) {
  return (
    <Stack
      direction="row"
      spacing={1.5}
      sx={{ justifyContent: 'flex-end', '& > .MuiButton-root': { flex: { xs: 1, sm: 'none' }, minWidth: { sm: 112 } } }}
    >
      {children}
    </Stack>
  )
}
