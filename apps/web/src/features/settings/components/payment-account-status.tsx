import CheckCircle from '@mui/icons-material/CheckCircle'
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined'
import { Alert, Button, Chip, CircularProgress, Stack, Typography } from '@mui/material'
import { detailMessage } from '../../../lib/api-error'
import { useAccountStatus } from '../api/get-account-status'

/** Whether the seller's payment account can take charges, as the provider says now. */
export function PaymentAccountStatus() {
  const status = useAccountStatus()

  if (status.isPending) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <CircularProgress size={18} aria-label="Checking the payment account" />
        <Typography variant="body2" color="text.secondary">
          Checking your payment account…
        </Typography>
      </Stack>
    )
  }
  if (status.isError) {
    return (
      <Alert
        severity="warning"
        action={
          <Button color="inherit" size="small" onClick={() => void status.refetch()}>
            Retry
          </Button>
        }
      >
        {detailMessage(status.error) ?? 'The status of your payment account could not be checked.'}
      </Alert>
    )
  }
  const { connected } = status.data
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
      <Chip
        icon={connected ? <CheckCircle /> : <ErrorOutline />}
        label={connected ? 'Connected' : 'Not connected'}
        color={connected ? 'success' : 'default'}
        variant={connected ? 'filled' : 'outlined'}
        sx={{ alignSelf: 'flex-start' }}
      />
      <Typography variant="body2" color="text.secondary">
        {connected
          ? 'Your payment account is connected and can take payments.'
          : 'Connect a payment account to take payments on your offers.'}
      </Typography>
    </Stack>
  )
}
