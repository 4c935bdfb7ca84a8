import { type PublicPage, publicPageElementId } from '@funnelry/shared/funnel/public-page'

/**
 * Whether this document is a live public funnel page as the server rendered it (D29): an offer
 * page not in preview, or the thank-you page. The dashboard app's own routes (previews) are not.
 */
export function isLivePublicPage(): boolean {
  const data = document.getElementById(publicPageElementId)?.textContent
  if (!data) return false
  const page = JSON.parse(data) as PublicPage
  return page.kind === 'thank-you' || !page.preview
}
