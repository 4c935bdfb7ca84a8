import type { PublicPage } from '@funnelry/shared'
import { PublicOfferPage, ThankYouView } from '../features/funnel'

/** The one tree of a public page: rendered by the server, hydrated by the browser (issue 11). */
export function PublicPageView({ page }: { page: PublicPage }) {
  if (page.kind === 'offer') return <PublicOfferPage offer={page.offer} preview={page.preview} />
  return <ThankYouView type={page.type} order={page.order} step={page.step ?? null} />
}
