import type { ApiModule } from '../../lib/api-module.js'
import { leadRoutes } from './lead-routes.js'
import { createLeadService, type LeadService } from './lead-service.js'

/** The leads module's public entry: lead capture (service and route) and the one way to record a lead. */

export { defaultLeadCaptureLimits, type LeadCaptureLimits } from './lead-capture-limits.js'
export { createLeadFollowUpHandler } from './lead-follow-ups.js'
export { findLeadOffer, type LeadOffer, recordLead } from './lead-recording.js'
export type { LeadService } from './lead-service.js'

export function createLeadsModule(deps: Parameters<typeof createLeadService>[0]): ApiModule<{ leads: LeadService }> {
  const leads = createLeadService(deps)
  return { services: { leads }, routes: async (api) => api.register(leadRoutes, { leads }) }
}
