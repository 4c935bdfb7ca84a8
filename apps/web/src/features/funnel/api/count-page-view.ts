import { publicRequest } from '../lib/public-request'

/** POST /free-product/{id}/view/ without auth and without a body: one view of the live page. */
export async function countPageView(offerId: string): Promise<void> {
  try {
    await publicRequest('POST', `/free-product/${offerId}/view/`)
  } catch {
    // A lost view must never disturb the visitor.
  }
}
