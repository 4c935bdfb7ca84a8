import { currencySymbol, formatMoney, type OfferStats } from '@funnelry/shared'
import { Box, Stack, Typography } from '@mui/material'

type Metric = { label: string; value: (day: OfferStats['daily'][number]) => number; total: string }

const countFormat = new Intl.NumberFormat(undefined)
const height = 32
const labelWidth = 112
// The days are calendar days in the seller's time zone (YYYY-MM-DD): formatted as such, in UTC.
const dayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' })
const dayLabel = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`))

/**
 * Decision D37: the range's days as four small bar rows (views, opt-ins, orders, revenue), drawn
 * as plain SVG: no chart library in the bundle. Each row is scaled to its own highest day; its
 * total and each day's figure (in the bar's title) are what a reader needs.
 */
export function DailyFunnelChart({ stats }: { stats: OfferStats }) {
  const symbol = currencySymbol(stats.currency)
  const metrics: Metric[] = [
    { label: 'Views', value: (day) => day.views, total: countFormat.format(stats.views) },
    { label: 'Opt-ins', value: (day) => day.opt_ins, total: countFormat.format(stats.opt_ins) },
    { label: 'Orders', value: (day) => day.orders, total: countFormat.format(stats.paid_orders) },
    { label: 'Revenue', value: (day) => Number(day.revenue), total: formatMoney(symbol, stats.revenue) },
  ]
  const days = stats.daily.length
  return (
    <Stack spacing={1} component="figure" sx={{ m: 0 }} aria-label={`Each day from ${stats.from} to ${stats.to}`}>
      {metrics.map((metric) => {
        const values = stats.daily.map(metric.value)
        const highest = Math.max(0, ...values)
        return (
          <Stack key={metric.label} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Box sx={{ width: labelWidth, flexShrink: 0 }}>
              <Typography variant="body2" color="text.secondary">
                {metric.label}
              </Typography>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {metric.total}
              </Typography>
            </Box>
            <Box
              component="svg"
              role="img"
              aria-label={`${metric.label} per day`}
              viewBox={`0 0 ${days * 10} ${height}`}
              preserveAspectRatio="none"
              sx={{ flexGrow: 1, minWidth: 0, height, color: 'primary.main', bgcolor: 'action.hover', borderRadius: 0.5 }}
            >
              {stats.daily.map((day, index) => {
                const value = metric.value(day)
                const barHeight = highest > 0 ? (value / highest) * height : 0
                return (
                  <rect key={day.day} x={index * 10 + 1} y={height - barHeight} width={8} height={barHeight} fill="currentColor">
                    <title>{`${day.day}: ${metric.label === 'Revenue' ? formatMoney(symbol, day.revenue) : countFormat.format(value)}`}</title>
                  </rect>
                )
              })}
            </Box>
          </Stack>
        )
      })}
      {/* Where the bars start and end: a bar's own day is in its title. */}
      <Stack direction="row" spacing={2} aria-hidden>
        <Box sx={{ width: labelWidth, flexShrink: 0 }} />
        <Stack direction="row" sx={{ flexGrow: 1, justifyContent: 'space-between' }}>
          <Typography variant="caption" color="text.secondary" data-testid="chart-first-day">
            {dayLabel(stats.from)}
          </Typography>
          {stats.to !== stats.from && (
            <Typography variant="caption" color="text.secondary" data-testid="chart-last-day">
              {dayLabel(stats.to)}
            </Typography>
          )}
        </Stack>
      </Stack>
    </Stack>
  )
}
