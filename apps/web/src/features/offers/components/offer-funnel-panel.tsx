import { Button, Paper, Skeleton, Stack, TextField, Typography } from '@mui/material'
import { useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { type Attached, FunnelChart } from '../../../components/funnel-chart'
import { paths } from '../../../config/paths'
import { type OfferStatsRange, useOfferSources, useOfferStats } from '../../../lib/offer-stats'
import { AfterPurchaseTable } from './after-purchase-table'
import { DailyFunnelChart } from './daily-funnel-chart'
import { OfferSourcesTable } from './offer-sources-table'

const dateLabel = { inputLabel: { shrink: true } } as const

/**
 * The edit page's view of how the offer performs (decision D37): a range of days (the last 30 until
 * the seller picks others), the funnel, each day's figures and the figures by source and campaign,
 * with the people behind the numbers one click away.
 */
export function OfferFunnelPanel({ offerId, attached }: { offerId: string; attached: Attached }) {
  const [range, setRange] = useState<OfferStatsRange>({})
  const stats = useOfferStats(offerId, range)
  const sources = useOfferSources(offerId, range)
  const from = range.from ?? stats.data?.from ?? ''
  const to = range.to ?? stats.data?.to ?? ''
  // A half-typed or reversed range is not sent: the server would refuse it.
  const pick = (next: OfferStatsRange) => {
    const merged = { from, to, ...next }
    if (merged.from && merged.to && merged.from <= merged.to) setRange(merged)
  }

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mt: 3, maxWidth: 880 }}>
      <Stack spacing={2}>
        <Typography variant="h4" component="h2">
          Funnel numbers
        </Typography>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <TextField
            type="date"
            size="small"
            label="From"
            value={from}
            onChange={(event) => pick({ from: event.target.value })}
            slotProps={{ ...dateLabel, htmlInput: { max: to || undefined } }}
          />
          <TextField
            type="date"
            size="small"
            label="To"
            value={to}
            onChange={(event) => pick({ to: event.target.value })}
            slotProps={{ ...dateLabel, htmlInput: { min: from || undefined } }}
          />
        </Stack>
        {stats.isPending && <Skeleton variant="rounded" height={220} role="status" aria-label="Loading the funnel numbers" />}
        {stats.data && (
          <>
            <FunnelChart stats={stats.data} attached={attached} />
            <Typography variant="h5" component="h3">
              Each day
            </Typography>
            <DailyFunnelChart stats={stats.data} />
            <Typography variant="h5" component="h3">
              By source and campaign
            </Typography>
            {sources.data && <OfferSourcesTable rows={sources.data} currency={stats.data.currency} />}
            {stats.data.after_purchase_steps.length > 0 && (
              <>
                <Typography variant="h5" component="h3">
                  After purchase
                </Typography>
                <AfterPurchaseTable steps={stats.data.after_purchase_steps} currency={stats.data.currency} />
              </>
            )}
          </>
        )}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button component={RouterLink} to={paths.dashboard.leads.href({ free_offer: offerId })}>
            See leads
          </Button>
          <Button component={RouterLink} to={paths.dashboard.orders.href({ free_offer: offerId })}>
            See orders
          </Button>
        </Stack>
      </Stack>
    </Paper>
  )
}
