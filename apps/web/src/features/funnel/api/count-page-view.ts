import { apiClient } from '../../../lib/api-client'

/** POST /free-product/{id}/view/ without auth and without a body: one view of the live page. */
export async function countPageView(offerId: string): Promise<void> {
  try {
    await apiClient.post(`/free-product/${offerId}/view/`, { auth: false })
  } catch {
    // A lost view must never disturb the visitor.
  }
}
