import { centsToAmount, currencyById, formatMoney } from '@funnelry/shared'
import type { Executor } from '../../db/client.js'
import type { JobQueue } from '../../jobs/queue.js'
import { utmOfRow } from '../../lib/arrival.js'
import { queueMailsIn } from '../../mail/mail-service.js'
import { type PaidItem, purchaseEmail } from '../../mail/templates.js'
import type { Conversions, PaidOrderEvent } from '../conversions/conversions-module.js'
import type { LeadRecording } from '../leads/leads-module.js'
import type { OfferNames } from '../offers/offers-module.js'
import type { WebhookEmitter, WebhookSubject } from '../webhooks/webhooks-module.js'
import { orderBatchRepository } from './order-batch-repository.js'
import { deliveryDetailsMany } from './order-offer-names.js'
import type { OrderRow } from './order-repository.js'

const centsToAmountNumber = (cents: number | null) => (cents ?? 0) / 100

/**
 * Everything completed orders send, inside the transaction that marked them paid: the lead (kept
 * once per offer and email; its free download email went out when the details first arrived, D16,
 * so a free order sends no second one), the purchase email listing what was paid for, the ad
 * platforms' Purchase event and the seller's `order.paid` CRM webhook. A fixed number of statements
 * however many orders (docs/decisions/checkout-at-campaign-scale.md).
 */
export const createOrderDeliveries = ({
  jobs,
  leads,
  webhooks,
  conversions,
  names,
}: {
  jobs: JobQueue
  names: OfferNames
  leads: Pick<LeadRecording, 'record' | 'markFreeCompletion'>
  webhooks: WebhookEmitter
  conversions: Pick<Conversions, 'ordersPaid'>
}) => {
  const deliverMany = async (tx: Executor, paid: OrderRow[], at: Date): Promise<void> => {
    if (paid.length === 0) return
    const details = await deliveryDetailsMany(tx, names, paid)
    const mails: Parameters<typeof queueMailsIn>[2] = []
    const purchases: PaidOrderEvent[] = []
    const subjects: WebhookSubject[] = []
    // Orders whose lead is recorded here; the others are linked already, and marked fulfilled by the
    // update that paid them (one row version fewer per order: each writes all the order's indexes).
    const linked: { id: string; leadId: string }[] = []
    for (const order of paid) {
      const offer = details.offers.get(order.freeOfferId)
      // The free offer is gone (its orders went with it), or a draft, which holds no payment: nothing to deliver.
      if (!offer || order.email === null || order.fullName === null) continue
      const bump = order.bumpOfferId ? details.bumps.get(order.bumpOfferId) : undefined
      const upsell = order.upsellOfferId ? details.upsells.get(order.upsellOfferId) : undefined
      const currency = currencyById(order.currency)
      const visitor = { full_name: order.fullName, email: order.email }

      // The checkout recorded the lead when the visitor's details arrived (D16) and linked it; only an
      // order without one (a new free order, or its lead deleted since) records it here.
      const leadId =
        order.leadId ??
        (
          await leads.record(tx, {
            offer: {
              id: order.freeOfferId,
              sellerId: order.sellerId,
              headline: offer.headline,
              url: offer.url,
              businessName: offer.businessName,
            },
            visitor,
            at,
            utm: utmOfRow(order),
            variantId: order.variantId,
          })
        ).leadId

      // The funnel counts the people who completed the free checkout, each once (docs/decisions/0005).
      if (order.amountCents === 0) await leads.markFreeCompletion(tx, leadId, at)

      if (order.amountCents > 0) {
        // Orders priced before the prices were kept on the order list their items without one.
        const price = (cents: number | null) => (cents === null ? undefined : formatMoney(currency.symbol, cents))
        const items: PaidItem[] = [
          ...(bump ? [{ title: bump.headline ?? 'Your BUMP offer', url: bump.url, price: price(order.bumpPriceCents) }] : []),
          ...(upsell ? [{ title: upsell.headline, url: upsell.url, price: price(order.upsellPriceCents) }] : []),
        ]
        const mail = purchaseEmail({
          to: order.email,
          fullName: order.fullName,
          businessName: offer.businessName,
          purchases: items,
          total: formatMoney(currency.symbol, order.amountCents),
          freeDownload: { title: offer.headline, url: offer.url },
        })
        mails.push({ ...mail, kind: 'purchase' })
        // The ad platforms' Purchase event (decision D30), with the same id as the browser's.
        purchases.push({
          sellerId: order.sellerId,
          orderId: order.id,
          email: order.email,
          fullName: order.fullName,
          value: order.amountCents / 100,
          currency: currency.code.toUpperCase(),
          items: [
            ...(bump
              ? [{ id: order.bumpOfferId ?? '', name: bump.headline ?? 'BUMP offer', price: centsToAmountNumber(order.bumpPriceCents) }]
              : []),
            ...(upsell
              ? [{ id: order.upsellOfferId ?? '', name: upsell.headline, price: centsToAmountNumber(order.upsellPriceCents) }]
              : []),
          ],
          at: order.paidAt ?? at,
        })
      }

      subjects.push({
        sellerId: order.sellerId,
        event: 'order.paid',
        email: order.email,
        fullName: order.fullName,
        offerId: order.freeOfferId,
        offerHeadline: offer.headline,
        createdAt: order.paidAt ?? at,
        extra: {
          order_id: order.id,
          amount: centsToAmount(order.amountCents),
          currency: currency.code,
          bump_offer_id: order.bumpOfferId,
          upsell_offer_id: order.upsellOfferId,
          // Decision D37: the campaign that brought the order, every field (null when direct).
          utm: utmOfRow(order),
        },
      })
      if (order.leadId !== leadId) linked.push({ id: order.id, leadId })
    }
    await queueMailsIn(tx, jobs, mails)
    await conversions.ordersPaid(tx, purchases)
    await webhooks.queueMany(tx, subjects)
    await orderBatchRepository.linkLeadsMany(tx, linked, at)
  }
  return {
    deliverMany,
    deliver: (tx: Executor, order: OrderRow, at: Date) => deliverMany(tx, [order], at),
  }
}

export type OrderDeliveries = ReturnType<typeof createOrderDeliveries>
export type DeliverOrder = OrderDeliveries['deliver']
