import { type LeadCaptureInput, messages, type Utm } from '@funnelry/shared'
import type { Database } from '../../db/client.js'
import type { JobQueue } from '../../jobs/queue.js'
import { NotFoundError, ValidationError } from '../../lib/errors.js'
import type { LimitStore } from '../../lib/limit-store.js'
import { createSellerCache } from '../../lib/seller-cache.js'
import type { SellerChanges } from '../../lib/seller-changes.js'
import type { OfferNames } from '../offers/offers-module.js'
import type { WebhookEmitter } from '../webhooks/webhooks-module.js'
import { createLeadCaptureLimits, type LeadCaptureLimits } from './lead-capture-limits.js'
import { findLeadOffer } from './lead-offers.js'
import { createLeadWriter } from './lead-writer.js'

type Deps = {
  db: Database
  jobs: JobQueue
  /** The webhooks module's emitter: a new lead's `lead.created` webhook. */
  webhooks: WebhookEmitter
  now: () => Date
  changes: SellerChanges
  limits: LimitStore
  captureLimits?: LeadCaptureLimits
  log?: (message: string) => void
  /** Split tests: the variant a visitor's cookie names for an offer (issue 27). */
  splitVisits?: SplitVisits
  /** The offers and sellers modules' names of an offer, for the lead and its emails. */
  names: OfferNames
}

/** The experiments module's answer to "which variant did this visitor see?". */
export type SplitVisits = {
  /** The variant this visitor's cookie names in the offer's running test (the checkout's question). */
  visitorVariantId(offerId: string, cookieHeader: string | undefined): Promise<string | null>
  /** The variant this visitor's cookie names in the offer's running test, and the cookie's visitor token. */
  visitorArm(offerId: string, cookieHeader: string | undefined): Promise<{ variantId: string; visitor: string | null } | null>
}

/**
 * Decisions D5, D16 and D22: lead capture stores the lead before answering and, in the same
 * transaction, queues the seller's CRM webhook and the visitor's free download email; both are
 * delivered later, from the job queue. Requests are checked (limits, offer) one by one, then
 * stored together in batches (lead-writer.ts). The offer looked up is cached until its seller
 * changes something.
 */
export function createLeadService({ db, jobs, webhooks, now, changes, limits, captureLimits, log, splitVisits, names }: Deps) {
  // Lead capture's hot path reads the offer from this cache: two statements (offers, sellers) on a miss, none on a hit.
  const offers = createSellerCache(changes, async (id: string) => {
    const offer = await findLeadOffer(db, names, id)
    return offer && { sellerId: offer.sellerId, value: offer }
  })
  const writer = createLeadWriter({ db, queues: { jobs, webhooks }, ...(log ? { log } : {}) })
  const refuse = createLeadCaptureLimits(limits, captureLimits)
  return {
    /**
     * `clientAddress` is the caller's rate-limit key (http/client-address.ts); `utm` the visitor's campaign (D37);
     * `cookieHeader` names the split-test variant they saw, if any.
     */
    async capture(
      input: LeadCaptureInput,
      clientAddress: string,
      utm: Utm | null = null,
      cookieHeader?: string,
    ): Promise<{ leadId: string; sellerId: string }> {
      await refuse.checkClient(clientAddress)
      const offer = await offers.get(input.product_id)
      if (!offer) throw new NotFoundError('This offer does not exist.')
      if (!offer.isActive) throw ValidationError.nonField(messages.offerNotAvailable)
      await refuse.checkPerson(offer.id, input.email)
      const arm = splitVisits ? await splitVisits.visitorArm(offer.id, cookieHeader) : null
      const { leadId } = await writer.record({
        offer,
        visitor: input,
        at: now(),
        utm,
        variantId: arm?.variantId ?? null,
        splitVisitor: arm?.visitor ?? null,
      })
      return { leadId, sellerId: offer.sellerId }
    },

    /** The offer as lead capture last read it, while the cache may serve it (never loads). */
    cachedOffer: (id: string) => offers.peek(id),
  }
}
export type LeadService = ReturnType<typeof createLeadService>
