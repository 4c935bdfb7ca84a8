import { Alert, Box, Button, CircularProgress, Link, Typography } from '@mui/material'
import { Link as RouterLink } from 'react-router'
import { paths } from '../../../config/paths'
import { detailMessage } from '../../../lib/api-error'
import { useAuth } from '../../../lib/auth-context'
import { useAccountStatus } from '../api/get-account-status'
import { MessageCard } from '../components/message-card'
import { PaymentAccountForm } from '../components/payment-account-form'

function LogInButton() {
  return (
    <Button component={RouterLink} to={paths.login.href()} variant="contained" size="large">
      Log In
    </Button>
  )
}

/**
 * Where the provider's onboarding returns (decision D10). Coming back does not mean it was
 * finished, so the spec's success text appears only when the server says the account is connected.
 */
export default function ThankYouStripePage() {
  const { isAuthenticated } = useAuth()
  // The status belongs to a seller: without a session there is nothing to ask.
  const status = useAccountStatus({ enabled: isAuthenticated })

  if (!isAuthenticated) {
    return (
      <MessageCard title="Payment Account Setup">
        <Typography color="text.secondary">Log in to check whether your payment account is connected.</Typography>
        <LogInButton />
      </MessageCard>
    )
  }
  if (status.isPending) {
    return (
      <MessageCard>
        <CircularProgress aria-label="Checking your payment account" />
        <Typography color="text.secondary">Checking your payment account…</Typography>
      </MessageCard>
    )
  }
  if (status.isError) {
    return (
      <MessageCard title="Payment Account Setup">
        <Alert
          severity="warning"
          sx={{ textAlign: 'left' }}
          action={
            <Button color="inherit" size="small" onClick={() => void status.refetch()}>
              Retry
            </Button>
          }
        >
          {detailMessage(status.error) ?? 'The status of your payment account could not be checked.'}
        </Alert>
      </MessageCard>
    )
  }
  if (!status.data.connected) {
    return (
      <MessageCard title="Onboarding Is Not Finished">
        <Typography color="text.secondary">
          Your payment account is not connected yet. Continue the setup to start receiving payments.
        </Typography>
        <Box sx={{ width: '100%', textAlign: 'left' }}>
          <PaymentAccountForm submitLabel="Continue setup" />
        </Box>
        <Link component={RouterLink} to={paths.dashboard.settings.href()}>
          Back to Settings
        </Link>
      </MessageCard>
    )
  }
  // Issue 22: not "Your Stripe account": the same page follows the local test provider's onboarding.
  // The spec's Log In button asks a seller who is signed in to log in again (issue 15): they go on
  // to the dashboard instead.
  return (
    <MessageCard title="Thank You for Setting Up Your Account!">
      <Typography color="text.secondary">
        Your payment account has been successfully connected. You're now ready to start receiving payments securely.
      </Typography>
      <Button component={RouterLink} to={paths.dashboard.root.href()} variant="contained" size="large">
        Go to Dashboard
      </Button>
    </MessageCard>
  )
}
