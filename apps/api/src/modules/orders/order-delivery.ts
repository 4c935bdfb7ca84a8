import { centsToAmount, currencyById, formatMoney } from '@funnelry/shared'
import type { Executor } from '../../db/client.js'
import { emails } from '../../db/schema/index.js'
import type { JobQueue } from '../../jobs/queue.js'
import type { MailKind } from '../../mail/mail-service.js'
import type { OutgoingMail } from '../../mail/mail-transport.js'
import { type DownloadLink, freeDownloadEmail, purchaseEmail } from '../../mail/templates.js'
import { leadRepository } from '../leads/lead-repository.js'
import { queueWebhook } from '../webhooks/webhook-service.js'
import { type OrderRow, orderRepository } from './order-repository.js'

/**
 * Stores the message and queues its job in the caller's transaction (the mail service's `queue`
 * commits on its own): the email exists exactly when the order's fulfilment commits.
 */
async function queueMail(tx: Executor, jobs: JobQueue, message: OutgoingMail & { kind: MailKind }) {
  const [row] = await tx
    .insert(emails)
    .values({ to: message.to, subject: message.subject, text: message.text, html: message.html ?? null, kind: message.kind })
    .returning({ id: emails.id })
  if (!row) throw new Error('the email row was not stored')
  await jobs.send('send-email', { emailId: row.id }, { tx })
}

/**
 * Everything a paid order sends, inside the transaction that marked it paid: the buyer's email
 * with the links of what was bought, the seller's `order.paid` CRM webhook, and the lead (kept
 * here rather than at intent time, so the placeholder details of an early intent never become one).
 */
export async function deliverOrder(tx: Executor, jobs: JobQueue, order: OrderRow, at: Date): Promise<void> {
  const details = await orderRepository.deliveryDetails(tx, order)
  // The free offer is gone: its orders went with it (cascade), so there is nothing left to deliver.
  if (!details) return
  const { offer, bump, upsell } = details
  const currency = currencyById(order.currency)

  const lead = await leadRepository.upsert(tx, {
    sellerId: order.sellerId,
    freeOfferId: order.freeOfferId,
    email: order.email,
    fullName: order.fullName,
    at,
  })

  const free: DownloadLink = { title: offer.headline, url: offer.url }
  const bought: DownloadLink[] = [
    ...(bump ? [{ title: bump.headline ?? 'Your BUMP offer', url: bump.url }] : []),
    ...(upsell ? [{ title: upsell.headline, url: upsell.url }] : []),
  ]
  const recipient = { to: order.email, fullName: order.fullName, businessName: offer.businessName }
  const mail =
    bought.length === 0
      ? { ...freeDownloadEmail({ ...recipient, download: free }), kind: 'free-download' as const }
      : {
          ...purchaseEmail({ ...recipient, downloads: [free, ...bought], total: formatMoney(currency.symbol, order.amountCents) }),
          kind: 'purchase' as const,
        }
  await queueMail(tx, jobs, mail)

  await queueWebhook(tx, jobs, {
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
    },
  })
  await orderRepository.markFulfilled(tx, order.id, lead.id, at)
}
