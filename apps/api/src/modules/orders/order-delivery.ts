import { centsToAmount, currencyById, formatMoney } from '@funnelry/shared'
import type { Executor } from '../../db/client.js'
import type { JobQueue } from '../../jobs/queue.js'
import { utmOfRow } from '../../lib/arrival.js'
import { queueMailIn } from '../../mail/mail-service.js'
import { type PaidItem, purchaseEmail } from '../../mail/templates.js'
import type { Conversions } from '../conversions/conversions-module.js'
import type { LeadRecording } from '../leads/leads-module.js'
import type { WebhookEmitter } from '../webhooks/webhooks-module.js'
import { type OrderRow, orderRepository } from './order-repository.js'

/**
 * Everything a completed order sends, inside the transaction that marked it paid: the lead (kept
 * once per offer and email; its free download email went out when the details first arrived, D16,
 * so a free order sends no second one), the purchase email listing what was paid for, and the
 * seller's `order.paid` CRM webhook.
 */
export const createOrderDelivery =
  ({
    jobs,
    leads,
    webhooks,
    conversions,
  }: {
    jobs: JobQueue
    leads: Pick<LeadRecording, 'record' | 'markFreeCompletion'>
    webhooks: WebhookEmitter
    conversions: Pick<Conversions, 'orderPaid'>
  }) =>
  async (tx: Executor, order: OrderRow, at: Date): Promise<void> => {
    const details = await orderRepository.deliveryDetails(tx, order)
    // The free offer is gone (its orders went with it), or a draft, which holds no payment: nothing to deliver.
    if (!details || order.email === null || order.fullName === null) return
    const { offer, bump, upsell } = details
    const currency = currencyById(order.currency)
    const visitor = { full_name: order.fullName, email: order.email }

    // The checkout recorded the lead when the visitor's details arrived (D16) and linked it; only an
    // order without one (a new free order, or its lead deleted since) records it here: two statements
    // fewer per paid checkout (issue 22).
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
        })
      ).leadId

    // The funnel counts the people who completed the free checkout, each once (docs/decisions/0005).
    if (order.amountCents === 0) await leads.markFreeCompletion(tx, leadId, at)

    if (order.amountCents > 0) {
      // Orders priced before the prices were kept on the order list their items without one.
      const price = (cents: number | null) => (cents === null ? undefined : formatMoney(currency.symbol, cents))
      const purchases: PaidItem[] = [
        ...(bump ? [{ title: bump.headline ?? 'Your BUMP offer', url: bump.url, price: price(order.bumpPriceCents) }] : []),
        ...(upsell ? [{ title: upsell.headline, url: upsell.url, price: price(order.upsellPriceCents) }] : []),
      ]
      const mail = purchaseEmail({
        to: order.email,
        fullName: order.fullName,
        businessName: offer.businessName,
        purchases,
        total: formatMoney(currency.symbol, order.amountCents),
        freeDownload: { title: offer.headline, url: offer.url },
      })
      await queueMailIn(tx, jobs, { ...mail, kind: 'purchase' })
      // The ad platforms' Purchase event (decision D30), with the same id as the browser's.
      const items = [
        ...(bump
          ? [{ id: order.bumpOfferId ?? '', name: bump.headline ?? 'BUMP offer', price: centsToAmountNumber(order.bumpPriceCents) }]
          : []),
        ...(upsell ? [{ id: order.upsellOfferId ?? '', name: upsell.headline, price: centsToAmountNumber(order.upsellPriceCents) }] : []),
      ]
      await conversions.orderPaid(tx, {
        sellerId: order.sellerId,
        orderId: order.id,
        email: order.email,
        fullName: order.fullName,
        value: order.amountCents / 100,
        currency: currency.code.toUpperCase(),
        items,
        at: order.paidAt ?? at,
      })
    }

    await webhooks.queue(tx, {
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
    await orderRepository.markFulfilled(tx, order.id, leadId, at)
  }
const centsToAmountNumber = (cents: number | null) => (cents ?? 0) / 100

export type DeliverOrder = ReturnType<typeof createOrderDelivery>
