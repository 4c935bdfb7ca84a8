import type { PublicPage, RenderedPublicPage } from '@funnelry/shared'
import { renderToString } from 'react-dom/server'
import { earlyOptInScript, earlyPostPurchasePressScript } from '../features/funnel'
import { PublicPageView } from './public-page-view'

/** The press that may come before the page's script (the offer page's opt-in, a post-purchase step's buttons) has a script inline. */
const inlineScriptOf = (page: PublicPage) => {
  if (page.kind === 'offer') return earlyOptInScript
  return page.step && page.order ? earlyPostPurchasePressScript : ''
}

/**
 * The server's half of the public pages (issue 11): the API imports this module (its Vite SSR
 * build, or this source in development and tests) and sends the first view as HTML, which the
 * public script (main.tsx) then hydrates.
 */
export function renderPublicPage(page: PublicPage): RenderedPublicPage {
  return {
    root: renderToString(<PublicPageView page={page} />),
    inlineScript: inlineScriptOf(page),
  }
}
