import type { LeadListQuery, OrderListQuery } from '@funnelry/shared'

/** Leads and orders tables: 25 rows a page (the offers' 12 suits a card grid, not a table). */
export const reportPageSize = 25

/** The reports' query keys; the whole query object is part of each key, so every filter is its own cache entry. */
export const reportKeys = {
  all: ['reports'] as const,
  leads: (query: LeadListQuery) => [...reportKeys.all, 'leads', query] as const,
  orders: (query: OrderListQuery) => [...reportKeys.all, 'orders', query] as const,
  order: (id: string) => [...reportKeys.all, 'order', id] as const,
  offerOptions: () => [...reportKeys.all, 'free-offer-options'] as const,
}
