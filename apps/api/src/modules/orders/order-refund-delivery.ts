import { centsToAmount, currencyById, formatMoney } from '@funnelry/shared'
import type { Executor } from '../../db/client.js'
import type { JobQueue } from '../../jobs/queue.js'
import { utmOfRow } from '../../lib/arrival.js'
import { queueMailIn } from '../../mail/mail-service.js'
import { refundEmail } from '../../mail/templates.js'
import type { OfferNames } from '../offers/offers-module.js'
import type { WebhookEmitter } from '../webhooks/webhooks-module.js'
import type { OrderLineRow } from './order-lines.js'
import { deliveryDetails } from './order-offer-names.js'
import type { OrderRow } from './order-repository.js'

/**
 * Decision D35: what a refund sends, inside the transaction that records it: the buyer's refund
 * email (like the purchase email, each item with its amount) and the seller's `order.refunded`
 * CRM webhook (same signing and delivery as `order.paid`).
 */
export const createRefundDelivery =
  ({ jobs, webhooks, names }: { jobs: JobQueue; webhooks: WebhookEmitter; names: OfferNames }) =>
  async (tx: Executor, order: OrderRow, refunded: OrderLineRow[], at: Date): Promise<void> => {
    const details = await deliveryDetails(tx, names, order)
    if (!details || order.email === null || order.fullName === null) return
    const currency = currencyById(order.currency)
    const totalCents = refunded.reduce((sum, line) => sum + line.amountCents, 0)

    const mail = refundEmail({
      to: order.email,
      fullName: order.fullName,
      businessName: details.offer.businessName,
      items: refunded.map((line) => ({ title: line.headline, amount: formatMoney(currency.symbol, line.amountCents) })),
      total: formatMoney(currency.symbol, totalCents),
    })
    await queueMailIn(tx, jobs, { ...mail, kind: 'refund' })

    await webhooks.queue(tx, {
      sellerId: order.sellerId,
      event: 'order.refunded',
      email: order.email,
      fullName: order.fullName,
      offerId: order.freeOfferId,
      offerHeadline: details.offer.headline,
      createdAt: at,
      extra: {
        order_id: order.id,
        status: order.status,
        /** What this refund gave back. */
        amount: centsToAmount(totalCents),
        currency: currency.code,
        lines: refunded.map((line) => ({ id: line.id, kind: line.kind, offer_id: line.offerId, amount: centsToAmount(line.amountCents) })),
        utm: utmOfRow(order),
      },
    })
  }

export type DeliverRefund = ReturnType<typeof createRefundDelivery>
