import type { PageView } from '@funnelry/shared'
import { utmFields } from '@funnelry/shared/funnel/utm-fields'
import { publicRequest } from '../lib/public-request'

/** The campaign fields of the page's own address (decision D37); none for a direct visit. */
export function pageViewOf(search: string): PageView {
  const params = new URLSearchParams(search)
  const view: PageView = {}
  for (const field of utmFields) {
    const value = params.get(field)
    if (value) view[field] = value.slice(0, 2000)
  }
  return view
}

/**
 * POST /free-product/{id}/view/ without auth: one view of the live page. It carries the campaign
 * of the page's address, which the server keeps in a 30-day cookie (decision D37): the page's
 * cached HTML is the same for every visitor, so the campaign travels with this call instead.
 */
export async function countPageView(offerId: string): Promise<void> {
  try {
    await publicRequest('POST', `/free-product/${offerId}/view/`, pageViewOf(window.location.search))
  } catch {
    // A lost view must never disturb the visitor.
  }
}
