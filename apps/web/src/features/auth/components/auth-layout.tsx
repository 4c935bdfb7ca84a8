import { Box, Container, Paper, Typography } from '@mui/material'
import type { ReactNode } from 'react'
import { AuthFooter } from '../../../components/auth-footer'

/** The frame of the log-in and sign-up screens: product name, a card with the form, the auth footer. */
export function AuthLayout({ title, width = 'xs', children }: { title: string; width?: 'xs' | 'sm'; children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <Container
        component="main"
        maxWidth={width}
        sx={{ flex: 1, display: 'flex', flexDirection: 'column', justifyContent: 'center', py: 4 }}
      >
        <Typography variant="h3" component="p" color="primary" sx={{ textAlign: 'center', mb: 3 }}>
          Funnelry
        </Typography>
        <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Typography variant="h2" component="h1" sx={{ mb: 3 }}>
            {title}
          </Typography>
          {children}
        </Paper>
      </Container>
      <AuthFooter />
    </Box>
  )
}
