import Send from '@mui/icons-material/Send'
import { Button } from '@mui/material'
import { detailMessage } from '../../../lib/api-error'
import { toast } from '../../../lib/toast'
import { useSendTestWebhook } from '../api/send-test-webhook'
import { sendTestToasts } from '../lib/delivery-status'

type SendTestButtonProps = {
  /** Sending needs a saved webhook: the test goes to the stored address, not to the one being typed. */
  disabled: boolean
  /** The hint saying what the button does, or why it is disabled. */
  describedBy: string
}

/** 'Send test': one sample lead to the saved webhook now; the answer comes as a toast and as a new log entry. */
export function SendTestButton({ disabled, describedBy }: SendTestButtonProps) {
  const send = useSendTestWebhook()
  const onClick = () =>
    send.mutate(undefined, {
      onSuccess: (delivery) =>
        delivery.status === 'delivered'
          ? toast(sendTestToasts.delivered, 'success')
          : toast(sendTestToasts.failed(delivery.last_attempt?.reason), 'error'),
      onError: (error) => toast(detailMessage(error) ?? sendTestToasts.notSent, 'error'),
    })
  return (
    <Button
      type="button"
      variant="outlined"
      startIcon={<Send />}
      disabled={disabled}
      aria-describedby={describedBy}
      loading={send.isPending}
      onClick={onClick}
    >
      Send test
    </Button>
  )
}
