import { type WebhookDeliveryList as DeliveryList, pageCount } from '@funnelry/shared'
import { Box, Pagination, Stack, Typography } from '@mui/material'
import { webhookDeliveriesPageSize } from '../api/get-webhook-deliveries'
import { WebhookDeliveryItem } from './webhook-delivery-item'

type WebhookDeliveryListProps = {
  list: DeliveryList
  page: number
  onPageChange: (page: number) => void
  /** The previous page is shown while this one loads. */
  busy: boolean
}

/** The log's page of deliveries and its page buttons (in the section, not the URL: Settings is not a list page). */
export function WebhookDeliveryList({ list, page, onPageChange, busy }: WebhookDeliveryListProps) {
  if (list.results.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        No deliveries yet. Each new lead is sent to your CRM webhook once its address is saved.
      </Typography>
    )
  const pages = pageCount(list.count, webhookDeliveriesPageSize)
  return (
    <Stack spacing={2}>
      <Box component="ul" aria-label="Deliveries" aria-busy={busy} sx={{ listStyle: 'none', m: 0, p: 0, opacity: busy ? 0.6 : 1 }}>
        {list.results.map((delivery) => (
          <WebhookDeliveryItem key={delivery.id} delivery={delivery} />
        ))}
      </Box>
      {pages > 1 && (
        <Pagination
          page={page}
          count={pages}
          boundaryCount={1}
          siblingCount={1}
          color="primary"
          onChange={(_event, next) => onPageChange(next)}
          sx={{ '& ul': { justifyContent: 'center' } }}
        />
      )}
    </Stack>
  )
}
