import type { OrderReceipt } from '@funnelry/shared'
import { currencyById } from '@funnelry/shared/currency-table'

/** The GA4 `purchase` event (Google's ecommerce shape) that the seller's tag manager reads from `window.dataLayer`. */
export type PurchaseEvent = {
  event: 'purchase'
  ecommerce: {
    transaction_id: string
    value: number
    currency: string
    items: { item_id: string; item_name: string; item_category: string; price: number; quantity: 1 }[]
  }
}

type DataLayerWindow = Window & { dataLayer?: unknown[] }

/** Money as GA4 wants it: a number of the currency's units. The strings are two-decimal amounts. */
const units = (amount: string) => Number(amount)

export function purchaseEvent(receipt: OrderReceipt): PurchaseEvent {
  return {
    event: 'purchase',
    ecommerce: {
      // The receipt's reference: unique per order, and never the order id.
      transaction_id: receipt.reference,
      value: units(receipt.total),
      currency: currencyById(receipt.currency).code.toUpperCase(),
      items: receipt.items.map((item) => ({
        item_id: item.id,
        item_name: item.name,
        item_category: item.kind,
        price: units(item.price),
        quantity: 1,
      })),
    },
  }
}

const pushedKey = (reference: string) => `funnelry:purchase-pushed:${reference}`

/** Where "already pushed" is remembered; a browser that refuses storage still gets one push per page load. */
function rememberedIn(storage: Storage | undefined) {
  const memory = new Set<string>()
  return {
    has(reference: string) {
      try {
        return memory.has(reference) || storage?.getItem(pushedKey(reference)) === '1'
      } catch {
        return memory.has(reference)
      }
    },
    add(reference: string) {
      memory.add(reference)
      try {
        storage?.setItem(pushedKey(reference), '1')
      } catch {
        // Private mode or a full storage: this page load still pushes only once.
      }
    },
  }
}

const pushed = rememberedIn(typeof window === 'undefined' ? undefined : window.localStorage)

/**
 * Pushes the order's `purchase` event onto `window.dataLayer` once per reference, so reloading
 * the thank-you page never counts a purchase twice. Only a payment is a purchase: an order with
 * nothing to pay (the free download) pushes nothing. Returns whether it pushed.
 */
export function pushPurchaseOnce(receipt: OrderReceipt, target: DataLayerWindow = window): boolean {
  if (receipt.status !== 'paid' || units(receipt.total) <= 0 || pushed.has(receipt.reference)) return false
  target.dataLayer = target.dataLayer ?? []
  // Google's advice: clear the previous ecommerce object so its fields do not leak into this event.
  target.dataLayer.push({ ecommerce: null })
  target.dataLayer.push(purchaseEvent(receipt))
  pushed.add(receipt.reference)
  return true
}
