import type { OrderReceipt } from '@funnelry/shared'
import { currencyById } from '@funnelry/shared/currency-table'
import { trackFunnelEvent } from '../tracking/event-queue'
import type { FunnelEvent } from '../tracking/funnel-events'
import { sentEvents } from '../tracking/sent-events'

/** Money as the platforms want it: a number of the currency's units. The strings are two-decimal amounts. */
const units = (amount: string) => Number(amount)

const itemOf = (item: OrderReceipt['items'][number]) => ({
  item_id: item.id,
  item_name: item.name,
  item_category: item.kind,
  price: units(item.price),
  quantity: 1 as const,
})

/**
 * Decision D29: a `Purchase` / `purchase` for each charge of the order, with the server's ids: the
 * order's payment `order.<order id>` (its own lines and value), and each one-click charge after it
 * `order.<order id>.step-<n>` (that line alone).
 */
export function purchaseEvents(receipt: OrderReceipt): (FunnelEvent & { name: 'purchase' })[] {
  const currency = currencyById(receipt.currency).code.toUpperCase()
  const later = receipt.items.filter((item) => item.kind === 'post_purchase')
  const first = receipt.items.filter((item) => item.kind !== 'post_purchase')
  const laterTotal = later.reduce((sum, item) => sum + Math.round(units(item.price) * 100), 0)
  const firstValue = (Math.round(units(receipt.total) * 100) - laterTotal) / 100
  return [
    ...(firstValue > 0
      ? [{ name: 'purchase' as const, eventId: `order.${receipt.order_id}`, value: firstValue, currency, items: first.map(itemOf) }]
      : []),
    ...later.flatMap((item) =>
      item.step === undefined
        ? []
        : [
            {
              name: 'purchase' as const,
              eventId: `order.${receipt.order_id}.step-${item.step}`,
              value: units(item.price),
              currency,
              items: [itemOf(item)],
            },
          ],
    ),
  ]
}

// The key each sent purchase is remembered under, unchanged since the first release (a browser keeps it).
const pushed = sentEvents('funnelry:purchase-sent:')

/**
 * Sends each charge's purchase to the seller's platforms once, so reloading the thank-you page never
 * counts a purchase twice and a one-click charge accepted later is sent when the page next shows.
 * Only a payment is a purchase: an order with nothing to pay (the free download) sends nothing.
 * Returns how many it sent.
 */
export function trackPurchaseOnce(receipt: OrderReceipt): number {
  if (receipt.status !== 'paid') return 0
  const unsent = purchaseEvents(receipt).filter((event) => !pushed.has(event.eventId))
  for (const event of unsent) {
    trackFunnelEvent(event)
    pushed.add(event.eventId)
  }
  return unsent.length
}
