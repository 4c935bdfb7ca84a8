/** The leads module's public entry: lead capture (service and route) and the one way to record a lead. */

export { defaultLeadCaptureLimits, type LeadCaptureLimits } from './lead-capture-limits.js'
export { createLeadFollowUpHandler } from './lead-follow-ups.js'
export { findLeadOffer, type LeadOffer, recordLead } from './lead-recording.js'
export { leadRoutes } from './lead-routes.js'
export { createLeadService, type LeadService } from './lead-service.js'
