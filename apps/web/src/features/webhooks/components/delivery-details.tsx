import type { WebhookDelivery } from '@funnelry/shared'
import { Box, Typography } from '@mui/material'
import { attemptDetail } from '../lib/delivery-status'

/**
 * The technical side of a delivery, folded away (a native disclosure: keyboard and screen
 * reader support for free): the address it went to, the raw answer or network error, and the
 * id the receiver sees as X-Funnelry-Delivery.
 */
export function DeliveryDetails({ delivery }: { delivery: WebhookDelivery }) {
  const rows = [
    { label: 'Sent to', value: delivery.url },
    { label: 'Last answer', value: attemptDetail(delivery.last_attempt) },
    { label: 'Delivery id', value: delivery.id },
  ]
  return (
    <Box
      component="details"
      sx={{ typography: 'body2', color: 'text.secondary', '& > summary': { cursor: 'pointer', width: 'fit-content', py: 0.5 } }}
    >
      <summary>Details</summary>
      <Box component="dl" sx={{ m: 0, mt: 0.5, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.5 }}>
        {rows.map(({ label, value }) =>
          value === null ? null : (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, fontFamily: 'monospace', overflowWrap: 'anywhere', minWidth: 0 }}>
                {value}
              </Typography>
            </Box>
          ),
        )}
      </Box>
    </Box>
  )
}
