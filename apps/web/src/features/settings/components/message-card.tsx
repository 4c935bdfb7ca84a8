import { Box, Paper, Stack, Typography } from '@mui/material'
import type { ReactNode } from 'react'

/** The centred card of the payment-account return page, whatever it has to say. */
export function MessageCard({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 560, p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        {title && (
          <Typography variant="h2" component="h1" gutterBottom>
            {title}
          </Typography>
        )}
        <Stack spacing={3} sx={{ alignItems: 'center' }}>
          {children}
        </Stack>
      </Paper>
    </Box>
  )
}
