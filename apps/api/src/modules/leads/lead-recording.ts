import type { VisitorDetails } from '@funnelry/shared'
import type { Executor } from '../../db/client.js'
import type { JobQueue } from '../../jobs/queue.js'
import { queueMailIn } from '../../mail/mail-service.js'
import { freeDownloadEmail } from '../../mail/templates.js'
import { queueWebhook } from '../webhooks/webhook-service.js'
import { type LeadOffer, leadRepository } from './lead-repository.js'

export type { LeadOffer }

/**
 * The one way a lead is recorded (decisions D5 and D16), whoever learns the visitor's details: lead
 * capture, the checkout once the details arrive, or fulfilment. Inside the caller's transaction it
 * keeps one lead per offer and email, queues the seller's `lead.created` webhook when the lead is
 * new, and queues the free offer's download email once per lead, so a visitor whose lead-capture
 * call was lost still gets both from the checkout call that follows.
 */
export async function recordLead(
  tx: Executor,
  jobs: JobQueue,
  { offer, visitor, at }: { offer: Omit<LeadOffer, 'isActive'>; visitor: VisitorDetails; at: Date },
): Promise<{ leadId: string }> {
  const email = visitor.email.trim().toLowerCase()
  const lead = await leadRepository.upsert(tx, {
    sellerId: offer.sellerId,
    freeOfferId: offer.id,
    email,
    fullName: visitor.full_name,
    at,
  })
  // The CRM hears about a person once per offer, not on every repeat opt-in.
  if (lead.inserted) {
    await queueWebhook(tx, jobs, {
      sellerId: offer.sellerId,
      event: 'lead.created',
      email,
      fullName: visitor.full_name,
      offerId: offer.id,
      offerHeadline: offer.headline,
      createdAt: lead.createdAt,
    })
  }
  if (await leadRepository.claimDownloadEmail(tx, lead.id, at)) {
    const download = { title: offer.headline, url: offer.url }
    const mail = freeDownloadEmail({ to: email, fullName: visitor.full_name, businessName: offer.businessName, download })
    await queueMailIn(tx, jobs, { ...mail, kind: 'free-download' })
  }
  return { leadId: lead.id }
}

/** The offer as `recordLead` needs it, or undefined when there is no such offer. */
export const findLeadOffer = (db: Executor, freeOfferId: string) => leadRepository.findOffer(db, freeOfferId)
