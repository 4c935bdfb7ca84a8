import type { Executor } from '../../db/client.js'
import type { Owns } from '../../http/public-page.js'
import type { ApiModule } from '../../lib/api-module.js'
import type { Conversions } from '../conversions/conversions-module.js'
import type { OfferUsageCount } from '../offers/offers-module.js'
import { createLeadFollowUpHandler } from './lead-follow-ups.js'
import { findLeadOffers, type LeadOffer } from './lead-offers.js'
import { type LeadToRecord, recordLead, recordLeads } from './lead-recording.js'
import { leadRepository } from './lead-repository.js'
import { leadRoutes } from './lead-routes.js'
import { createLeadService, type LeadService } from './lead-service.js'

/** The leads module's public entry: lead capture (service and route) and the one way to record a lead. */

export { defaultLeadCaptureLimits, type LeadCaptureLimits } from './lead-capture-limits.js'
export type { LeadOffer } from './lead-offers.js'
export type { LeadToRecord } from './lead-recording.js'
export type { LeadService, SplitVisits } from './lead-service.js'

/** Recording a lead inside another module's transaction (the checkout's, an order's delivery). */
export type LeadRecording = {
  /** The offers as `record` needs them, by id; an id with no such offer is absent. Two statements however many. */
  findOffers: (executor: Executor, freeOfferIds: string[]) => Promise<Map<string, LeadOffer>>
  /** Keeps the lead once per offer and email and owes its follow-ups, committed with the caller's transaction. */
  record: (tx: Executor, item: LeadToRecord) => Promise<{ leadId: string }>
  /** The same for many (concurrent checkouts): a fixed number of statements; each item's lead id, in order. */
  recordMany: (tx: Executor, items: LeadToRecord[]) => Promise<{ leadId: string }[]>
  /** Notes that the lead completed the free checkout at `at`, unless it already had: its funnel counts people, not orders. */
  markFreeCompletion: (tx: Executor, leadId: string, at: Date) => Promise<void>
}

type Deps = Parameters<typeof createLeadService>[0] & {
  /** Whose a free offer is (the offers module's), for the lead capture's check on a seller's custom domain. */
  ownsFreeOffer: Owns
  /** The conversions module: a captured lead's server event (decision D30). */
  conversions: Pick<Conversions, 'leadCaptured'>
}

export function createLeadsModule(deps: Deps): ApiModule<{
  leads: LeadService
  recording: LeadRecording
  followUpHandler: ReturnType<typeof createLeadFollowUpHandler>
  offerUsage: OfferUsageCount
  /** Split tests' opt-ins per variant (issue 27). */
  optInsByVariant: (variantIds: string[]) => Promise<Map<string, number>>
}> {
  const leads = createLeadService(deps)
  const queues = { jobs: deps.jobs, webhooks: deps.webhooks }
  const recording: LeadRecording = {
    // The checkout's offers: those lead capture has cached cost no statement (the same cache and
    // rule as capture's own reads); the rest are read in the caller's transaction.
    async findOffers(executor, ids) {
      const cached = [...new Set(ids)].flatMap((id) => {
        const offer = leads.cachedOffer(id)
        return offer ? [[id, offer] as const] : []
      })
      const missing = ids.filter((id) => !cached.some(([cachedId]) => cachedId === id))
      return new Map([...cached, ...(await findLeadOffers(executor, deps.names, missing))])
    },
    record: (tx, item) => recordLead(tx, queues, item),
    recordMany: (tx, items) => recordLeads(tx, queues, items),
    markFreeCompletion: leadRepository.markFreeCompletion,
  }
  // The `queue-lead-follow-ups` job handler, for the worker.
  const followUpHandler = createLeadFollowUpHandler({ db: deps.db, names: deps.names, ...queues })
  // The leads that keep an offer from being deleted; only free offers take leads.
  const offerUsage: OfferUsageCount = async (executor, kind, offerId) =>
    kind === 'free' ? leadRepository.countForOffer(executor, offerId) : 0
  return {
    services: { leads, recording, followUpHandler, offerUsage, optInsByVariant: (ids) => leadRepository.countByVariant(deps.db, ids) },
    routes: async (api) => api.register(leadRoutes, { leads, conversions: deps.conversions, ownsFreeOffer: deps.ownsFreeOffer }),
  }
}
