import type { OrderStatus } from '@funnelry/shared'
import { Chip } from '@mui/material'
import { orderStatusColors, orderStatusLabels } from '../lib/order-status'

/**
 * An outlined chip writes its label in the colour's `main`; MUI's info blue (#0288d1) is 4.1:1 on
 * white, under WCAG's 4.5:1 (axe color-contrast). Its `dark` (#01579b) reads at 7.7:1.
 */
const darker = { info: { color: 'info.dark', borderColor: 'info.dark' } } as const

/** `compact`: the height of a line of text, for the phone's two-line rows. */
export function OrderStatusChip({ status, compact = false }: { status: OrderStatus; compact?: boolean }) {
  const color = orderStatusColors[status]
  return (
    <Chip
      size="small"
      variant="outlined"
      label={orderStatusLabels[status]}
      color={color}
      sx={{ ...(color === 'info' ? darker.info : {}), ...(compact ? { height: 20, flexShrink: 0 } : {}) }}
    />
  )
}
