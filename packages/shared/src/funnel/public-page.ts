import type { FreeOffer } from '../offers/offer-schemas.js'
import type { PostPurchaseState } from './post-purchase-schemas.js'

/** Decision D34's offer on screen after a paid checkout, rendered in the thank-you page's HTML (issue 26). */
export type PostPurchaseStep = Extract<PostPurchaseState, { done: false }>

/**
 * What the server renders as a public funnel page (issue 11), and what the page's own script
 * reads back from the HTML to hydrate the same components: the contract between the API and the
 * web app's server module (apps/web/src/public/server.tsx).
 */
export type PublicPage =
  | { kind: 'offer'; offer: FreeOffer; preview: boolean }
  | { kind: 'thank-you'; type: 'free-offer' | 'oto-offer'; order: string | null; step?: PostPurchaseStep | null }

/** The page's first view: the root element's content, and the inline script that goes after it. */
export type RenderedPublicPage = { root: string; inlineScript: string }

/** The web app's server module (built by `vite build --ssr`, or its source in development and tests). */
export type PublicPageRenderer = { renderPublicPage(page: PublicPage): RenderedPublicPage }

/** The id of the JSON script element that carries the `PublicPage` in the HTML. */
export const publicPageElementId = 'funnelry-page'
