import type { Executor } from '../../db/client.js'

/**
 * Decision D31: whether the seller asks visitors for consent before tracking (`consent_required`).
 * The setting is stored with the conversions API settings (D30, GET/PUT /api/v1/conversions-api/),
 * which another change adds; until it is wired here every seller has the default, off. Public
 * offers read it only through this function, so pointing it at that setting is a one-line change.
 */
export async function consentRequiredFor(_db: Executor, _sellerId: string): Promise<boolean> {
  return false
}
