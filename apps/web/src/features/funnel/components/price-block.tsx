import { formatMoney } from '@funnelry/shared'
import Box from '@mui/material/Box'
import Divider from '@mui/material/Divider'
import Typography from '@mui/material/Typography'
import type { OrderSummary } from '../lib/order-total'

/** 'FREE' while nothing is chosen; then one line per bump and upsell and the total, two decimals. */
export function PriceBlock({ summary }: { summary: OrderSummary }) {
  if (summary.lines.length === 0) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center' }}>
        <Typography
          aria-label="Price"
          sx={{
            px: 3,
            py: 0.75,
            borderRadius: 99,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            fontSize: 24,
            fontWeight: 800,
            letterSpacing: 2,
          }}
        >
          FREE
        </Typography>
      </Box>
    )
  }
  return (
    <Box aria-label="Price" role="group" sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 3, p: 2 }}>
      {summary.lines.map((line) => (
        <Box key={line.key} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }}>
          <Typography variant="body2" color="text.secondary">
            {line.label}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
            {formatMoney(summary.symbol, line.cents)}
          </Typography>
        </Box>
      ))}
      <Divider sx={{ my: 1 }} />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Typography sx={{ fontWeight: 700 }}>Total</Typography>
        <Typography data-testid="order-total" sx={{ fontSize: 20, fontWeight: 800, color: 'primary.main' }}>
          {formatMoney(summary.symbol, summary.totalCents)}
        </Typography>
      </Box>
    </Box>
  )
}
