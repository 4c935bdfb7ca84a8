import { Box, Button, Paper, Typography } from '@mui/material'
import { Link as RouterLink } from 'react-router'
import { paths } from '../../../config/paths'

/** Where the payment provider's onboarding returns (decision D10 adds the connected-status check later). */
export default function ThankYouStripePage() {
  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper variant="outlined" sx={{ maxWidth: 560, p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        <Typography variant="h2" component="h1" gutterBottom>
          Thank You for Setting Up Your Account!
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Your Stripe account has been successfully connected. You're now ready to start receiving payments securely.
        </Typography>
        <Button component={RouterLink} to={paths.login.href()} variant="contained" size="large">
          Log In
        </Button>
      </Paper>
    </Box>
  )
}
