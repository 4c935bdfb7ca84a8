import type { Executor } from '../../db/client.js'
import type { ApiModule } from '../../lib/api-module.js'
import type { Conversions } from '../conversions/conversions-module.js'
import type { OfferUsageCount } from '../offers/offers-module.js'
import { createLeadFollowUpHandler } from './lead-follow-ups.js'
import { findLeadOffer, type LeadOffer, type LeadToRecord, recordLead } from './lead-recording.js'
import { leadRepository } from './lead-repository.js'
import { leadRoutes } from './lead-routes.js'
import { createLeadService, type LeadService } from './lead-service.js'

/** The leads module's public entry: lead capture (service and route) and the one way to record a lead. */

export { defaultLeadCaptureLimits, type LeadCaptureLimits } from './lead-capture-limits.js'
export type { LeadOffer, LeadToRecord } from './lead-recording.js'
export type { LeadService } from './lead-service.js'

/** Recording a lead inside another module's transaction (the checkout's, an order's delivery). */
export type LeadRecording = {
  /** The offer as `record` needs it, or undefined when there is no such offer. */
  findOffer: (executor: Executor, freeOfferId: string) => Promise<LeadOffer | undefined>
  /** Keeps the lead once per offer and email and owes its follow-ups, committed with the caller's transaction. */
  record: (tx: Executor, item: LeadToRecord) => Promise<{ leadId: string }>
  /** Notes that the lead completed the free checkout at `at`, unless it already had: its funnel counts people, not orders. */
  markFreeCompletion: (tx: Executor, leadId: string, at: Date) => Promise<void>
}

type Deps = Parameters<typeof createLeadService>[0] & {
  /** The conversions module: a captured lead's server event (decision D30). */
  conversions: Pick<Conversions, 'leadCaptured'>
}

export function createLeadsModule(deps: Deps): ApiModule<{
  leads: LeadService
  recording: LeadRecording
  followUpHandler: ReturnType<typeof createLeadFollowUpHandler>
  offerUsage: OfferUsageCount
}> {
  const leads = createLeadService(deps)
  const queues = { jobs: deps.jobs, webhooks: deps.webhooks }
  const recording: LeadRecording = {
    findOffer: findLeadOffer,
    record: (tx, item) => recordLead(tx, queues, item),
    markFreeCompletion: leadRepository.markFreeCompletion,
  }
  // The `queue-lead-follow-ups` job handler, for the worker.
  const followUpHandler = createLeadFollowUpHandler({ db: deps.db, ...queues })
  // The leads that keep an offer from being deleted; only free offers take leads.
  const offerUsage: OfferUsageCount = async (executor, kind, offerId) =>
    kind === 'free' ? leadRepository.countForOffer(executor, offerId) : 0
  return {
    services: { leads, recording, followUpHandler, offerUsage },
    routes: async (api) => api.register(leadRoutes, { leads, conversions: deps.conversions }),
  }
}
