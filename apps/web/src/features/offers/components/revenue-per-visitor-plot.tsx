import { currencySymbol, formatMoney, type SplitExperiment } from '@funnelry/shared'
import { Box, Stack, Typography } from '@mui/material'

const width = 600
const height = 180
const pad = { left: 8, right: 8, top: 8, bottom: 8 }
/** One colour per arm, the original first (the theme's primary, then distinct hues readable on white). */
const colors = ['#455a64', '#1565c0', '#2e7d32', '#c62828', '#6a1b9a']
/** And one dash pattern per arm, so 3 to 5 lines stay apart without telling colours apart. */
const dashes = ['', '8 4', '2 3', '10 3 2 3', '4 4']
const armStyle = (index: number) => ({ color: colors[index % colors.length], dash: dashes[index % dashes.length] })

/**
 * Issue 27: each arm's revenue per visitor up to each day, a line with its 95% interval as a band,
 * drawn as plain SVG like the daily funnel chart (no chart library in the bundle). The band
 * narrows as visitors come: that is what "wait for more data" looks like.
 */
export function RevenuePerVisitorPlot({ experiment }: { experiment: SplitExperiment }) {
  const days = [...new Set(experiment.series.flatMap((arm) => arm.points.map((point) => point.day)))].sort()
  if (days.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        The plot starts with the first visitors.
      </Typography>
    )
  // A line needs two days; one day alone drew an empty grey box.
  if (days.length === 1)
    return (
      <Typography variant="body2" color="text.secondary">
        The plot appears after the second day.
      </Typography>
    )
  const highest = Math.max(0.01, ...experiment.series.flatMap((arm) => arm.points.map((point) => point.high ?? point.revenue_per_visitor)))
  const x = (day: string) => pad.left + (days.indexOf(day) / (days.length - 1)) * (width - pad.left - pad.right)
  const y = (value: number) => pad.top + (1 - Math.max(0, value) / highest) * (height - pad.top - pad.bottom)
  const symbol = currencySymbol(experiment.currency)
  const nameOf = (id: string) => experiment.variants.find((variant) => variant.id === id)?.name ?? ''
  // The series are in currency units (0.056), not cents: formatMoney reads a number as cents.
  const perVisitor = (value: number) => formatMoney(symbol, value.toFixed(2))
  return (
    <Stack spacing={1} component="figure" sx={{ m: 0 }}>
      <Box
        component="svg"
        role="img"
        aria-label="Revenue per visitor over time, each variant with its 95% interval"
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        sx={{ width: '100%', height, bgcolor: 'action.hover', borderRadius: 0.5 }}
      >
        {experiment.series.map((arm, index) => {
          const { color, dash } = armStyle(index)
          const banded = arm.points.filter((point) => point.low !== null && point.high !== null)
          const band = [
            ...banded.map((point) => `${x(point.day)},${y(point.high ?? 0)}`),
            ...[...banded].reverse().map((point) => `${x(point.day)},${y(point.low ?? 0)}`),
          ].join(' ')
          const line = arm.points.map((point) => `${x(point.day)},${y(point.revenue_per_visitor)}`).join(' ')
          return (
            <g key={arm.variant_id}>
              {banded.length > 1 && <polygon points={band} fill={color} fillOpacity={0.15} />}
              <polyline
                points={line}
                fill="none"
                stroke={color}
                strokeWidth={2}
                strokeDasharray={dash || undefined}
                vectorEffect="non-scaling-stroke"
              >
                <title>{`${nameOf(arm.variant_id)}: ${perVisitor(arm.points.at(-1)?.revenue_per_visitor ?? 0)} per visitor`}</title>
              </polyline>
            </g>
          )
        })}
      </Box>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }} component="figcaption">
        {experiment.series.map((arm, index) => (
          // A long one-word variant name wraps inside the figure instead of widening the page.
          <Stack key={arm.variant_id} direction="row" spacing={0.75} sx={{ alignItems: 'center', minWidth: 0, maxWidth: '100%' }}>
            <Box component="svg" viewBox="0 0 24 12" aria-hidden sx={{ width: 24, height: 12, flex: 'none' }}>
              <line
                x1={0}
                y1={6}
                x2={24}
                y2={6}
                stroke={armStyle(index).color}
                strokeWidth={3}
                strokeDasharray={armStyle(index).dash || undefined}
              />
            </Box>
            <Typography
              variant="body2"
              sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
            >{`${nameOf(arm.variant_id)}: ${perVisitor(arm.points.at(-1)?.revenue_per_visitor ?? 0)}`}</Typography>
          </Stack>
        ))}
        <Typography variant="body2" color="text.secondary">
          {`${days[0]} – ${days.at(-1)}; from ${perVisitor(0)} at the bottom to ${perVisitor(highest)} per visitor at the top; shaded: 95% interval`}
        </Typography>
      </Stack>
    </Stack>
  )
}
