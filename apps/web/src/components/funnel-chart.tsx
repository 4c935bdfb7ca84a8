import { currencySymbol, formatMoney, type OfferStats } from '@funnelry/shared'
import { Box, Stack, Typography } from '@mui/material'
import { useId } from 'react'

type FunnelChartProps = {
  /** The figures of GET /free-product/{id}/stats/ (lib/offer-stats.ts). */
  stats: OfferStats
  /** The list's accessible name and visible caption. */
  title?: string
  /** Which add-ons the offer has now; a step for one it lacks says so instead of showing 0 %. */
  attached?: Attached
}

/** Without an OTO, the after-purchase steps (D34) are what follows the checkout, if any. */
const noOtoNote = (steps: number) => (steps > 0 ? `After purchase: ${steps} ${steps === 1 ? 'step' : 'steps'}` : 'No OTO attached')

/** The free offer's add-ons, as its `bump_offer_id` and `upsell_offer_id` say. */
export type Attached = { bump: boolean; upsell: boolean; afterPurchaseSteps?: number }

type Step = {
  label: string
  /** Absent where the API gives only a rate (the upsell's denominator is not sent). */
  count?: number
  /** A fraction of `of`, shown as a percentage. */
  rate?: number
  of?: string
  /** Said instead of the rate, for an add-on the offer does not have. */
  note?: string
  /** Bar width as a fraction of the views (decoration only). */
  width: number
}

// The browser's locale, like the rest of the dashboard's numbers and dates.
const countFormat = new Intl.NumberFormat(undefined)
const percentFormat = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 })

export const formatPercent = (fraction: number) => percentFormat.format(fraction)

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : 0)
const clamp = (fraction: number) => Math.min(1, Math.max(0, fraction))

/**
 * Each step after the views is a fraction of the step before (docs/decisions/0005, D21): opt-ins
 * per view; paid orders (above zero) and free completions, each per opt-in (worked out here; the
 * API sends the counts); bumps per completed checkout; upsells per checkout shown the upsell.
 */
export function funnelSteps(stats: OfferStats, attached: Attached = { bump: true, upsell: true }): Step[] {
  const optIns = clamp(stats.opt_in_rate)
  const paid = optIns * clamp(ratio(stats.paid_orders, stats.opt_ins))
  const free = optIns * clamp(ratio(stats.free_completions, stats.opt_ins))
  const completed = optIns * clamp(ratio(stats.paid_orders + stats.free_completions, stats.opt_ins))
  return [
    { label: 'Views', count: stats.views, width: stats.views > 0 ? 1 : 0 },
    { label: 'Opt-ins', count: stats.opt_ins, rate: stats.opt_in_rate, of: 'views', width: optIns },
    { label: 'Paid orders', count: stats.paid_orders, rate: ratio(stats.paid_orders, stats.opt_ins), of: 'opt-ins', width: paid },
    {
      label: 'Free completions',
      count: stats.free_completions,
      rate: ratio(stats.free_completions, stats.opt_ins),
      of: 'opt-ins',
      width: free,
    },
    attached.bump
      ? { label: 'With bump', rate: stats.bump_take_rate, of: 'completed checkouts', width: completed * clamp(stats.bump_take_rate) }
      : { label: 'With bump', note: 'No bump attached', width: 0 },
    attached.upsell
      ? {
          label: 'With OTO',
          rate: stats.upsell_take_rate,
          of: 'checkouts shown the OTO',
          width: completed * clamp(stats.upsell_take_rate),
        }
      : { label: 'With OTO', note: noOtoNote(attached.afterPurchaseSteps ?? 0), width: 0 },
  ]
}

/**
 * A small horizontal funnel of a free offer: views → opt-ins → paid orders and free completions →
 * with bump → with OTO (the upsell's on-screen name), then revenue. The figures are text in a list; the bars are decoration, hidden from
 * screen readers. Fits a 280 px card.
 *
 *   const stats = useOfferStats(offer.id)
 *   {stats.data && <FunnelChart stats={stats.data} />}
 */
export function FunnelChart({ stats, title = 'Funnel', attached }: FunnelChartProps) {
  const titleId = useId()
  const symbol = currencySymbol(stats.currency)
  return (
    <Stack spacing={1.5} sx={{ minWidth: 0 }}>
      <Typography id={titleId} variant="subtitle2" component="p">
        {title}
      </Typography>
      <Box component="ol" aria-labelledby={titleId} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {funnelSteps(stats, attached).map((step) => (
          <Box component="li" key={step.label}>
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
              <Typography variant="body2">
                {step.label}
                {step.count !== undefined && (
                  <>
                    {': '}
                    <Box component="strong">{countFormat.format(step.count)}</Box>
                  </>
                )}
              </Typography>
              {(step.rate !== undefined || step.note) && (
                <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'right' }}>
                  {step.rate !== undefined ? `${formatPercent(step.rate)} of ${step.of}` : step.note}
                </Typography>
              )}
            </Stack>
            {/* A row with only a note (nothing attached, or the offers come after the purchase) has no bar: an empty one read as 0%. */}
            {(step.note === undefined || step.rate !== undefined) && (
              <Box aria-hidden sx={{ height: 6, mt: 0.5, borderRadius: 1, bgcolor: 'action.hover', overflow: 'hidden' }}>
                <Box sx={{ height: 1, width: `${step.width * 100}%`, bgcolor: 'primary.main', borderRadius: 1 }} />
              </Box>
            )}
          </Box>
        ))}
      </Box>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
        <Typography component="dt" variant="body2" color="text.secondary">
          Revenue
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right', fontWeight: 500 }}>
          {formatMoney(symbol, stats.revenue)}
        </Typography>
        <Typography component="dt" variant="body2" color="text.secondary">
          Revenue per view
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right', fontWeight: 500 }}>
          {formatMoney(symbol, stats.revenue_per_view)}
        </Typography>
      </Box>
    </Stack>
  )
}
