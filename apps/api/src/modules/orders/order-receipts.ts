import { centsToAmount, currencyById, type OrderReceipt, type OrderReceiptItem, paymentMessages } from '@funnelry/shared'
import type { Database } from '../../db/client.js'
import { NotFoundError } from '../../lib/errors.js'
import { orderRepository } from './order-repository.js'

/** A reference is 22 URL-safe characters; anything else is not one of ours. */
const referencePattern = /^[A-Za-z0-9_-]{22}$/

/**
 * The thank-you page's order summary (docs/decisions/0008): what was bought and the total, read by
 * the order's random reference while it is valid, with each item's download link (decision D25).
 * It tells nothing about the visitor (no name, no email), and an unknown, expired, draft or abandoned reference answers alike: 404.
 */
export function createOrderReceipts({ db, now }: { db: Database; now: () => Date }) {
  /** The order behind a reference while its summary can be shown; undefined for any other. */
  const find = async (reference: string) => {
    const found = referencePattern.test(reference) ? await orderRepository.findByReceipt(db, reference, now()) : undefined
    const status = found?.order.status
    return found && (status === 'paid' || status === 'pending' || status === 'failed') ? found : undefined
  }
  return {
    /** Whether the thank-you page can show this order (decision D26: "We can't find this order." otherwise). */
    exists: async (reference: string) => (await find(reference)) !== undefined,

    async read(reference: string): Promise<OrderReceipt> {
      const found = await find(reference)
      if (!found) throw new NotFoundError(paymentMessages.receiptNotFound)
      const status = found.order.status
      const { order, offer, bump, upsell } = found
      // Decision D25: the links are on the page too; what is paid for only once it is paid.
      const paidUrl = (url: string) => (status === 'paid' ? url : null)
      const items: OrderReceiptItem[] = [{ id: offer.id, kind: 'free', name: offer.headline, price: '0.00', url: offer.url }]
      // A bump or upsell deleted since (on delete set null) is no longer on the order.
      if (bump)
        items.push({
          id: bump.id,
          kind: 'bump',
          name: bump.headline ?? 'BUMP offer',
          price: centsToAmount(order.bumpPriceCents ?? 0),
          url: paidUrl(bump.url),
        })
      if (upsell)
        items.push({
          id: upsell.id,
          kind: 'upsell',
          name: upsell.headline,
          price: centsToAmount(order.upsellPriceCents ?? 0),
          url: paidUrl(upsell.url),
        })
      return {
        reference,
        order_id: order.id,
        // A declined attempt is not a purchase yet; the page waits for the payment's event.
        status: status === 'paid' ? 'paid' : 'pending',
        items,
        total: centsToAmount(order.amountCents),
        currency: currencyById(order.currency).value,
      }
    },
  }
}
export type OrderReceipts = ReturnType<typeof createOrderReceipts>
