import { type LeadCaptureInput, leadCaptureResponseSchema } from '@funnelry/shared'
import { apiClient } from '../../../lib/api-client'

/**
 * Decision D5: POST /seller/webhook/notify/ without auth, made before payment. The spec says the
 * page ignores its failures, so this never rejects: a visitor must not lose the offer because the
 * seller's CRM or the lead store had a problem.
 */
export async function captureLead(input: LeadCaptureInput): Promise<void> {
  try {
    await apiClient.post('/seller/webhook/notify/', { body: input, auth: false, schema: leadCaptureResponseSchema })
  } catch {
    // Ignored on purpose (spec section 4).
  }
}
