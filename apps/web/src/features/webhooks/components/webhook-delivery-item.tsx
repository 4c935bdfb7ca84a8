import type { WebhookDelivery } from '@funnelry/shared'
import Replay from '@mui/icons-material/Replay'
import { Box, Button, Chip, Stack, Typography } from '@mui/material'
import { detailMessage } from '../../../lib/api-error'
import { formatDateTime } from '../../../lib/format-date-time'
import { toast } from '../../../lib/toast'
import { useRetryWebhookDelivery } from '../api/retry-webhook-delivery'
import { deliveryStatusColors, deliveryStatusLabels, deliveryToasts, lastAttemptText, subjectText } from '../lib/delivery-status'
import { DeliveryDetails } from './delivery-details'

const attemptsText = (count: number) => `${count} ${count === 1 ? 'attempt' : 'attempts'}`

/**
 * One delivery of the log: event, time, status, who it was for, how the last attempt went in
 * plain words, the technical detail behind a "Details" disclosure, and 'Retry' once it has failed.
 */
export function WebhookDeliveryItem({ delivery }: { delivery: WebhookDelivery }) {
  const retry = useRetryWebhookDelivery()
  const onRetry = () =>
    retry.mutate(delivery.id, {
      onSuccess: () => toast(deliveryToasts.retried, 'success'),
      onError: (error) => toast(detailMessage(error) ?? deliveryToasts.retryFailed, 'error'),
    })
  const forWhom = subjectText(delivery)

  return (
    <Box
      component="li"
      sx={{
        py: 1.5,
        '&:not(:first-of-type)': { borderTop: 1, borderColor: 'divider' },
        display: 'flex',
        gap: 2,
        alignItems: 'flex-start',
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
      }}
    >
      <Stack spacing={0.5} sx={{ flexGrow: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
            {delivery.event}
          </Typography>
          <Chip
            size="small"
            variant="outlined"
            label={deliveryStatusLabels[delivery.status]}
            color={deliveryStatusColors[delivery.status]}
          />
          <Typography variant="body2" color="text.secondary" component="time" dateTime={delivery.created_at}>
            {formatDateTime(delivery.created_at)}
          </Typography>
        </Stack>
        {forWhom && (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {forWhom}
          </Typography>
        )}
        <Typography variant="body2" color={delivery.status === 'failed' ? 'error' : 'text.secondary'} sx={{ overflowWrap: 'anywhere' }}>
          {`${attemptsText(delivery.attempts)} · Last: ${lastAttemptText(delivery.last_attempt)}`}
        </Typography>
        <DeliveryDetails delivery={delivery} />
      </Stack>
      {delivery.status === 'failed' && (
        <Button variant="outlined" size="small" startIcon={<Replay />} onClick={onRetry} loading={retry.isPending} sx={{ flexShrink: 0 }}>
          Retry
        </Button>
      )}
    </Box>
  )
}
