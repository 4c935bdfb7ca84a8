import type { OrderStatus } from '@funnelry/shared'
import { Chip } from '@mui/material'
import { orderStatusColors, orderStatusLabels } from '../lib/order-status'

export function OrderStatusChip({ status }: { status: OrderStatus }) {
  return <Chip size="small" variant="outlined" label={orderStatusLabels[status]} color={orderStatusColors[status]} />
}
