import type { OrderStatus } from '@funnelry/shared'
import { Chip } from '@mui/material'
import { orderStatusColors, orderStatusLabels } from '../lib/order-status'

/** `compact`: the height of a line of text, for the phone's two-line rows. */
export function OrderStatusChip({ status, compact = false }: { status: OrderStatus; compact?: boolean }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      label={orderStatusLabels[status]}
      color={orderStatusColors[status]}
      sx={compact ? { height: 20, flexShrink: 0 } : undefined}
    />
  )
}
