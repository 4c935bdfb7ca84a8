import type { OrderStatus } from '@funnelry/shared'

export const orderStatusLabels: Record<OrderStatus, string> = { pending: 'Pending', paid: 'Paid', failed: 'Failed', abandoned: 'Abandoned' }

/** Decision D20: an order unpaid for 24 hours is abandoned (its payment can no longer be made). */
export const orderStatusColors = {
  pending: 'default',
  paid: 'success',
  failed: 'error',
  abandoned: 'warning',
} as const satisfies Record<OrderStatus, string>
