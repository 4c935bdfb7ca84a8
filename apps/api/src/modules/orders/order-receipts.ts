import { centsToAmount, currencyById, type OrderReceipt, type OrderReceiptItem, paymentMessages } from '@funnelry/shared'
import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { batchedLookups } from '../../lib/batched-calls.js'
import { NotFoundError } from '../../lib/errors.js'
import { splitVariantView } from '../experiments/experiments-module.js'
import type { OfferNames } from '../offers/offers-module.js'
import { orderLineRepository } from './order-lines.js'
import { type OrderRow, orderRepository } from './order-repository.js'

/** A reference is 22 URL-safe characters; anything else is not one of ours. */
const referencePattern = /^[A-Za-z0-9_-]{22}$/

/** The headline of the split-test arm an order was made on (issue 27): null outside a test, and for a running test's original. */
async function variantHeadline(db: Database, variantId: string | null): Promise<string | null> {
  if (!variantId) return null
  const [row] = await db.select({ headline: splitVariantView.headline }).from(splitVariantView).where(eq(splitVariantView.id, variantId))
  return row?.headline ?? null
}

/** A refund (D35) does not undo the purchase: its receipt still shows what was bought and paid, and says what was given back. */
const paidStatuses: ReadonlySet<string> = new Set(['paid', 'partially_refunded', 'refunded'])

/**
 * The thank-you page's order summary (docs/decisions/0008): what was bought and the total, read by
 * the order's random reference while it is valid, with each item's download link (decision D25).
 * It tells nothing about the visitor (no name, no email), and an unknown, expired, draft or abandoned reference answers alike: 404.
 */
export function createOrderReceipts({
  db,
  now,
  names,
  extraItems = async () => ({ items: [], totalCents: 0 }),
}: {
  db: Database
  now: () => Date
  /** The offers module names what the order holds (docs/decisions/0028). */
  names: Pick<OfferNames, 'offerLinks'>
  /** Decision D34: the one-click charges after the payment, each its own item (the post-purchase module's). */
  extraItems?: (orderId: string, freeOfferId: string) => Promise<{ items: OrderReceiptItem[]; totalCents: number }>
}) {
  // Buyers pressing a one-click offer together (issue 26) each read their order first: one query.
  const byReceipt = batchedLookups(
    (tokens) => orderRepository.findByReceipts(db, tokens, now()),
    (order) => order.receiptToken ?? '',
  )
  /** The order behind a reference while its summary can be shown; undefined for any other. */
  const find = async (reference: string) => {
    const order = referencePattern.test(reference) ? (await byReceipt(reference))[0] : undefined
    return order && (paidStatuses.has(order.status) || order.status === 'pending' || order.status === 'failed') ? order : undefined
  }
  /**
   * Decision D35: marks the items whose order line was refunded, so the buyer sees which money came
   * back. An item is its line's kind and offer; a line refunded matches one item of its kind and offer.
   */
  async function markRefunded(orderId: string, items: OrderReceiptItem[]): Promise<OrderReceiptItem[]> {
    const lines = (await orderLineRepository.ofOrders(db, [orderId])).get(orderId) ?? []
    const refunded = lines.filter((line) => line.status === 'refunded').map((line) => `${line.kind}/${line.offerId}`)
    return items.map((item) => {
      const at = refunded.indexOf(`${item.kind}/${item.id}`)
      if (at < 0) return item
      refunded.splice(at, 1)
      return { ...item, refunded: true }
    })
  }

  return {
    /** Whether the thank-you page can show this order (decision D26: "We can't find this order." otherwise). */
    exists: async (reference: string) => (await find(reference)) !== undefined,

    /** Decision D34: the paid order a post-purchase page's reference names, or undefined. */
    async paidOrder(reference: string): Promise<OrderRow | undefined> {
      const order = await find(reference)
      return order?.status === 'paid' ? order : undefined
    },

    async read(reference: string): Promise<OrderReceipt> {
      const order = await find(reference)
      if (!order) throw new NotFoundError(paymentMessages.receiptNotFound)
      const links = await names.offerLinks(db, {
        free: [order.freeOfferId],
        bump: order.bumpOfferId ? [order.bumpOfferId] : [],
        upsell: order.upsellOfferId ? [order.upsellOfferId] : [],
      })
      const offer = links.free.get(order.freeOfferId)
      // An offer's orders go with it (on delete cascade): one deleted since the read is as unknown.
      if (!offer) throw new NotFoundError(paymentMessages.receiptNotFound)
      const paid = paidStatuses.has(order.status)
      const bump = order.bumpOfferId ? links.bump.get(order.bumpOfferId) : undefined
      const upsell = order.upsellOfferId ? links.upsell.get(order.upsellOfferId) : undefined
      // Decision D25: the links are on the page too; what is paid for only once it is paid.
      const paidUrl = (url: string) => (paid ? url : null)
      // The visitor of a split test's variant saw its headline, not the offer's: the thanks names that page.
      const headline = (await variantHeadline(db, order.variantId)) ?? offer.headline
      const items: OrderReceiptItem[] = [{ id: offer.id, kind: 'free', name: headline, price: '0.00', url: offer.url }]
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
      // The page lists every charge: the post-purchase ones only once the first payment is paid.
      const extra = paid ? await extraItems(order.id, order.freeOfferId) : { items: [], totalCents: 0 }
      items.push(...extra.items)
      return {
        reference,
        order_id: order.id,
        // A declined attempt is not a purchase yet; the page waits for the payment's event.
        status: paid ? 'paid' : 'pending',
        items: order.refundedCents > 0 ? await markRefunded(order.id, items) : items,
        total: centsToAmount(order.amountCents + extra.totalCents),
        ...(order.refundedCents > 0 ? { refunded: centsToAmount(order.refundedCents) } : {}),
        currency: currencyById(order.currency).value,
      }
    },
  }
}
export type OrderReceipts = ReturnType<typeof createOrderReceipts>
