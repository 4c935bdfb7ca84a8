import type { LeadCaptureInput } from '@funnelry/shared'
import { publicRequest } from '../lib/public-request'

/**
 * Decision D5: POST /seller/webhook/notify/ without auth, made before payment. The spec says the
 * page ignores its failures, so this never rejects: a visitor must not lose the offer because the
 * seller's CRM or the lead store had a problem.
 */
export async function captureLead(input: LeadCaptureInput): Promise<void> {
  try {
    await publicRequest('POST', '/seller/webhook/notify/', input)
  } catch {
    // Ignored on purpose (spec section 4).
  }
}
