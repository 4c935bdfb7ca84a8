import { type ConversionDelivery, conversionPlatformLabels, pageCount } from '@funnelry/shared'
import { Box, Chip, Pagination, Stack, Typography } from '@mui/material'
import { useState } from 'react'
import { SectionQuery } from '../../../components/section-query'
import { SettingsSection } from '../../../components/settings-section'
import { formatDateTime } from '../../../lib/format-date-time'
import { conversionDeliveriesPageSize, useConversionDeliveries } from '../api/get-conversion-deliveries'

const statusLabels = { sent: 'Sent', failed: 'Failed', pending: 'Sending' } as const
const statusColors = { sent: 'success', failed: 'error', pending: 'default' } as const

/** How the platform answered, in a line: Meta's events_received and fbtrace_id, or why it failed. */
function answerOf(delivery: ConversionDelivery): string {
  const attempts = `${delivery.attempts} ${delivery.attempts === 1 ? 'attempt' : 'attempts'}`
  if (delivery.status === 'sent') {
    const meta = delivery.events_received !== null ? ` · events received: ${delivery.events_received}` : ''
    const trace = delivery.fbtrace_id ? ` · fbtrace_id ${delivery.fbtrace_id}` : ''
    return `${attempts} · Accepted (HTTP ${delivery.status_code ?? '-'})${meta}${trace}`
  }
  if (delivery.reason) return `${attempts} · ${delivery.reason}${delivery.fbtrace_id ? ` (fbtrace_id ${delivery.fbtrace_id})` : ''}`
  return `${attempts} · Waiting to be sent`
}

function DeliveryItem({ delivery }: { delivery: ConversionDelivery }) {
  return (
    <Box component="li" sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle2">
          {conversionPlatformLabels[delivery.platform]} · {delivery.event_name}
        </Typography>
        <Chip size="small" label={statusLabels[delivery.status]} color={statusColors[delivery.status]} />
        <Typography variant="body2" color="text.secondary" component="time" dateTime={delivery.created_at}>
          {formatDateTime(delivery.created_at)}
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
        Event id {delivery.event_id}
      </Typography>
      <Typography variant="body2">{answerOf(delivery)}</Typography>
    </Box>
  )
}

/** The server events sent to the ad platforms, newest first, with each platform's answer. */
export function ConversionDeliveriesSection() {
  const [page, setPage] = useState(1)
  const query = useConversionDeliveries(page)
  return (
    <SettingsSection
      title="Conversions API Deliveries"
      description="Each server event sent to Meta and Google Analytics, newest first, with the platform's answer."
    >
      <SectionQuery query={query} what="conversions API deliveries">
        {(list) =>
          list.results.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              No events yet. Once the settings above are saved, each lead and sale is sent here.
            </Typography>
          ) : (
            <Stack spacing={2}>
              <Box
                component="ul"
                aria-label="Conversion events"
                aria-busy={query.isPlaceholderData}
                sx={{ listStyle: 'none', m: 0, p: 0, opacity: query.isPlaceholderData ? 0.6 : 1 }}
              >
                {list.results.map((delivery) => (
                  <DeliveryItem key={delivery.id} delivery={delivery} />
                ))}
              </Box>
              {pageCount(list.count, conversionDeliveriesPageSize) > 1 && (
                <Pagination
                  page={page}
                  count={pageCount(list.count, conversionDeliveriesPageSize)}
                  color="primary"
                  onChange={(_event, next) => setPage(next)}
                  sx={{ '& ul': { justifyContent: 'center' } }}
                />
              )}
            </Stack>
          )
        }
      </SectionQuery>
    </SettingsSection>
  )
}
