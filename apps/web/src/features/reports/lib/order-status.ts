import type { OrderStatus } from '@funnelry/shared'

export const orderStatusLabels: Record<OrderStatus, string> = { pending: 'Pending', paid: 'Paid', failed: 'Failed' }

export const orderStatusColors = { pending: 'default', paid: 'success', failed: 'error' } as const satisfies Record<OrderStatus, string>
