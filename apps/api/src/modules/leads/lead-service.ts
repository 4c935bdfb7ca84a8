import { type LeadCaptureInput, messages } from '@funnelry/shared'
import type { Database } from '../../db/client.js'
import type { JobQueue } from '../../jobs/queue.js'
import { NotFoundError, ValidationError } from '../../lib/errors.js'
import { queueWebhook } from '../webhooks/webhook-service.js'
import { leadRepository } from './lead-repository.js'

/**
 * Decision D5: lead capture stores the lead before answering and queues the seller's CRM
 * webhook in the same transaction; delivery happens later, from the job queue.
 */
export function createLeadService({ db, jobs, now }: { db: Database; jobs: JobQueue; now: () => Date }) {
  return {
    async capture(input: LeadCaptureInput): Promise<{ leadId: string }> {
      const offer = await leadRepository.findOffer(db, input.product_id)
      if (!offer) throw new NotFoundError('This offer does not exist.')
      if (!offer.isActive) throw ValidationError.nonField(messages.offerNotAvailable)
      const email = input.email.trim().toLowerCase()
      return db.transaction(async (tx) => {
        const lead = await leadRepository.upsert(tx, {
          sellerId: offer.sellerId,
          freeOfferId: offer.id,
          email,
          fullName: input.full_name,
          at: now(),
        })
        // The CRM hears about a person once per offer, not on every repeat opt-in.
        if (lead.inserted) {
          await queueWebhook(tx, jobs, {
            sellerId: offer.sellerId,
            event: 'lead.created',
            email,
            fullName: input.full_name,
            offerId: offer.id,
            offerHeadline: offer.headline,
            createdAt: lead.createdAt,
          })
        }
        return { leadId: lead.id }
      })
    },
  }
}
export type LeadService = ReturnType<typeof createLeadService>
