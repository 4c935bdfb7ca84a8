import type { OrderReceipt } from '@funnelry/shared'
import { afterEach, describe, expect, it } from 'vitest'
import { platformsRunning, resetEventQueue } from '../tracking/event-queue'
import { purchaseEvents, trackPurchaseOnce } from './purchase-event'

type TrackingWindow = Window & { dataLayer?: IArguments[] }
const purchasesSent = () =>
  ((window as TrackingWindow).dataLayer ?? [])
    .map((entry) => Array.from(entry))
    .filter((call) => call[0] === 'event' && call[1] === 'purchase')

const firstOrder: OrderReceipt = {
  reference: 'ref0000000000000000002',
  order_id: '8a4b3f4e-0000-4000-8000-000000000002',
  status: 'paid',
  items: [
    { id: 'free-1', kind: 'free', name: 'The guide', price: '0.00', url: 'https://acme.example/guide.pdf' },
    { id: 'bump-1', kind: 'bump', name: 'The checklist pack', price: '19.00', url: 'https://acme.example/checklists.zip' },
  ],
  total: '19.00',
  currency: 1,
}
/** The same order once the buyer accepted step 1's offer (decision D34): its own charge. */
const withStep: OrderReceipt = {
  ...firstOrder,
  items: [...firstOrder.items, { id: 'course-1', kind: 'post_purchase', name: 'The Course', price: '29.00', url: null, step: 1 }],
  total: '48.00',
}

/** Decision D29: one purchase per charge, with the ids the server's Conversions API events carry. */
describe('purchase events', () => {
  afterEach(() => {
    resetEventQueue()
    delete (window as TrackingWindow).dataLayer
    localStorage.clear()
  })

  it("gives the order's payment and each one-click charge their own event, value and lines", () => {
    expect(purchaseEvents(withStep)).toEqual([
      {
        name: 'purchase',
        eventId: `order.${firstOrder.order_id}`,
        value: 19,
        currency: 'USD',
        items: [
          { item_id: 'free-1', item_name: 'The guide', item_category: 'free', price: 0, quantity: 1 },
          { item_id: 'bump-1', item_name: 'The checklist pack', item_category: 'bump', price: 19, quantity: 1 },
        ],
      },
      {
        name: 'purchase',
        eventId: `order.${firstOrder.order_id}.step-1`,
        value: 29,
        currency: 'USD',
        items: [{ item_id: 'course-1', item_name: 'The Course', item_category: 'post_purchase', price: 29, quantity: 1 }],
      },
    ])
  })

  it('sends the payment on the first step, the accepted charge when the page shows it, and nothing twice', () => {
    platformsRunning({ meta: false, google: true })
    expect(trackPurchaseOnce(firstOrder)).toBe(1)
    expect(trackPurchaseOnce(withStep)).toBe(1)
    expect(trackPurchaseOnce(withStep)).toBe(0)
    const sent = purchasesSent().map((call) => call[2] as { transaction_id: string; value: number })
    expect(sent.map((params) => [params.transaction_id, params.value])).toEqual([
      [`order.${firstOrder.order_id}`, 19],
      [`order.${firstOrder.order_id}.step-1`, 29],
    ])
  })
})
