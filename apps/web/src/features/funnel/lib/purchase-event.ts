import type { OrderReceipt } from '@funnelry/shared'
import { currencyById } from '@funnelry/shared/currency-table'
import { trackFunnelEvent } from '../tracking/event-queue'
import type { FunnelEvent } from '../tracking/funnel-events'

/** Money as the platforms want it: a number of the currency's units. The strings are two-decimal amounts. */
const units = (amount: string) => Number(amount)

/** Decision D29: the order's `Purchase` / `purchase` event, with the server's id `order.<order id>`. */
export function purchaseEvent(receipt: OrderReceipt): FunnelEvent & { name: 'purchase' } {
  return {
    name: 'purchase',
    orderId: receipt.order_id,
    value: units(receipt.total),
    currency: currencyById(receipt.currency).code.toUpperCase(),
    items: receipt.items.map((item) => ({
      item_id: item.id,
      item_name: item.name,
      item_category: item.kind,
      price: units(item.price),
      quantity: 1,
    })),
  }
}

const pushedKey = (orderId: string) => `funnelry:purchase-sent:${orderId}`

/** Where "already pushed" is remembered; a browser that refuses storage still gets one push per page load. */
function rememberedIn(storage: Storage | undefined) {
  const memory = new Set<string>()
  return {
    has(key: string) {
      try {
        return memory.has(key) || storage?.getItem(pushedKey(key)) === '1'
      } catch {
        return memory.has(key)
      }
    },
    add(key: string) {
      memory.add(key)
      try {
        storage?.setItem(pushedKey(key), '1')
      } catch {
        // Private mode or a full storage: this page load still pushes only once.
      }
    },
  }
}

const pushed = rememberedIn(typeof window === 'undefined' ? undefined : window.localStorage)

/**
 * Sends the order's purchase to the seller's platforms once per order, so reloading the thank-you
 * page never counts a purchase twice. Only a payment is a purchase: an order with nothing to pay
 * (the free download) sends nothing. Returns whether it sent.
 */
export function trackPurchaseOnce(receipt: OrderReceipt): boolean {
  if (receipt.status !== 'paid' || units(receipt.total) <= 0 || pushed.has(receipt.order_id)) return false
  trackFunnelEvent(purchaseEvent(receipt))
  pushed.add(receipt.order_id)
  return true
}
