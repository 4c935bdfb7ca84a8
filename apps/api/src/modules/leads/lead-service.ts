import { type LeadCaptureInput, messages } from '@funnelry/shared'
import type { Database } from '../../db/client.js'
import type { JobQueue } from '../../jobs/queue.js'
import { NotFoundError, ValidationError } from '../../lib/errors.js'
import { findLeadOffer, recordLead } from './lead-recording.js'

/**
 * Decisions D5 and D16: lead capture stores the lead before answering and, in the same
 * transaction, queues the seller's CRM webhook and the visitor's free download email; both are
 * delivered later, from the job queue.
 */
export function createLeadService({ db, jobs, now }: { db: Database; jobs: JobQueue; now: () => Date }) {
  return {
    async capture(input: LeadCaptureInput): Promise<{ leadId: string }> {
      const offer = await findLeadOffer(db, input.product_id)
      if (!offer) throw new NotFoundError('This offer does not exist.')
      if (!offer.isActive) throw ValidationError.nonField(messages.offerNotAvailable)
      return db.transaction((tx) => recordLead(tx, jobs, { offer, visitor: input, at: now() }))
    },
  }
}
export type LeadService = ReturnType<typeof createLeadService>
