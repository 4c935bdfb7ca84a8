import { centsToAmount, currencyById, formatMoney } from '@funnelry/shared'
import type { Executor } from '../../db/client.js'
import type { JobPayloads, JobQueue } from '../../jobs/queue.js'
import { utmOfRow } from '../../lib/arrival.js'
import { queueMailIn } from '../../mail/mail-service.js'
import { purchaseEmail } from '../../mail/templates.js'
import type { Conversions } from '../conversions/conversions-module.js'
import type { OrderRow } from '../orders/orders-module.js'
import type { WebhookEmitter } from '../webhooks/webhooks-module.js'
import type { PostPurchaseRow } from './post-purchase-repository.js'

export type PostPurchaseDeliveryDeps = {
  jobs: JobQueue
  webhooks: WebhookEmitter
  conversions: Pick<Conversions, 'orderPaid'>
}

type FollowUp = JobPayloads['post-purchase-follow-ups']

/**
 * What each accepted one-click offer sends (decision D34), queued by the `post-purchase-follow-ups`
 * job in the transaction that takes the charge's follow-ups (issue 26), so it is sent exactly once:
 * its own purchase email (a second email, naming only this
 * charge), the seller's `order.paid` CRM webhook for this charge, and the ad platforms' Purchase
 * with its own event id.
 */
export function createPostPurchaseDelivery({ jobs, webhooks, conversions }: PostPurchaseDeliveryDeps) {
  return async (
    tx: Executor,
    sale: {
      order: OrderRow
      row: PostPurchaseRow
      /** The offer and the free offer as they were when the buyer accepted. */
      offer: FollowUp['offer']
      freeOffer: FollowUp['freeOffer']
      at: Date
      /** The seller's business name, which the purchase email is signed with (read before the transaction). */
      businessName: string
    },
  ) => {
    const { order, row, offer, freeOffer, at, businessName } = sale
    if (order.email === null || order.fullName === null) return
    const currency = currencyById(row.currency ?? 1)
    const cents = row.amountCents ?? 0
    const price = formatMoney(currency.symbol, cents)
    const mail = purchaseEmail({
      to: order.email,
      fullName: order.fullName,
      businessName,
      purchases: [{ title: offer.headline, url: offer.url, price }],
      total: price,
      freeDownload: { title: freeOffer.headline, url: freeOffer.url },
    })
    await queueMailIn(tx, jobs, { ...mail, kind: 'purchase' })
    await conversions.orderPaid(tx, {
      sellerId: order.sellerId,
      orderId: order.id,
      eventId: `order.${order.id}.step-${row.step}`,
      transactionId: `${order.id}-step-${row.step}`,
      email: order.email,
      fullName: order.fullName,
      value: cents / 100,
      currency: currency.code.toUpperCase(),
      items: [{ id: offer.id, name: offer.headline, price: cents / 100 }],
      at,
    })
    await webhooks.queue(tx, {
      sellerId: order.sellerId,
      event: 'order.paid',
      email: order.email,
      fullName: order.fullName,
      offerId: order.freeOfferId,
      offerHeadline: freeOffer.headline,
      createdAt: at,
      extra: {
        order_id: order.id,
        amount: centsToAmount(cents),
        currency: currency.code,
        // Decision D34: this event is one charge after the payment, not the first payment again.
        post_purchase: { step: row.step, kind: row.kind, offer_id: offer.id, charge_id: row.id },
        utm: utmOfRow(order),
      },
    })
  }
}
export type PostPurchaseDelivery = ReturnType<typeof createPostPurchaseDelivery>
