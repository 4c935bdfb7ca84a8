import type { LeadCaptureInput, LeadCaptureResponse } from '@funnelry/shared'
import { publicRequest } from '../lib/public-request'

/**
 * Decision D5: POST /seller/webhook/notify/ without auth, made before payment. The spec says the
 * page ignores its failures, so this never rejects: a visitor must not lose the offer because the
 * seller's CRM or the lead store had a problem. Answers the stored lead's id (the `Lead` event's, D29),
 * or null when the call failed.
 */
export async function captureLead(input: LeadCaptureInput): Promise<string | null> {
  try {
    return (await publicRequest<LeadCaptureResponse>('POST', '/seller/webhook/notify/', input)).id
  } catch {
    // Ignored on purpose (spec section 4).
    return null
  }
}
