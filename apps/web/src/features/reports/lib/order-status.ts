import type { OrderStatus } from '@funnelry/shared'

export const orderStatusLabels: Record<OrderStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  abandoned: 'Abandoned',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
}

/** Decision D20: an order unpaid for 24 hours is abandoned (its payment can no longer be made); D35: refunds are neutral facts. */
export const orderStatusColors = {
  pending: 'default',
  paid: 'success',
  failed: 'error',
  abandoned: 'warning',
  partially_refunded: 'info',
  refunded: 'default',
} as const satisfies Record<OrderStatus, string>
