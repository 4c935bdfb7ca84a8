import { directUtm, type Lead, type Order } from '@funnelry/shared'
import type { FreeOfferChoice } from '../../features/offers'
import { uuid } from './ids'

export { pageOf } from './page'
export { uuid }

/** Rows as the API answers them (the fetchers parse responses with the shared schemas, so these must satisfy them). */

export const guide: FreeOfferChoice = { id: uuid(1), headline: 'The Ultimate Guide' }
export const checklist: FreeOfferChoice = { id: uuid(2), headline: 'Launch Checklist' }

export function lead(overrides: Partial<Lead> = {}): Lead {
  return {
    id: uuid(100),
    full_name: 'Ada Lovelace',
    email: 'ada@example.com',
    free_offer: guide,
    utm: directUtm,
    variant: null,
    created_at: '2025-01-31T09:30:00.000Z',
    ...overrides,
  }
}

export function order(overrides: Partial<Order> = {}): Order {
  return {
    id: uuid(200),
    intent_id: 'pi_local_1',
    full_name: 'Grace Hopper',
    email: 'grace@example.com',
    free_offer: guide,
    bump_offer: { id: uuid(300), headline: 'Workbook' },
    upsell_offer: null,
    amount: '52.50',
    refunded: '0.00',
    currency: 2,
    status: 'paid',
    lines: [
      { id: uuid(210), kind: 'free', offer_id: guide.id, headline: guide.headline, amount: '0.00', currency: 2, status: 'paid' },
      { id: uuid(211), kind: 'bump', offer_id: uuid(300), headline: 'Workbook', amount: '52.50', currency: 2, status: 'paid' },
    ],
    utm: directUtm,
    variant: null,
    created_at: '2025-02-01T12:00:00.000Z',
    ...overrides,
  }
}
