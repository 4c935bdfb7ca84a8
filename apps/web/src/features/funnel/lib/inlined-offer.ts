import { type FreeOffer, freeOfferSchema } from '@funnelry/shared'

declare global {
  interface Window {
    /** Set by the server's HTML for /free-offer/{id} when it inlines the offer (same body as GET /free-product/{id}/). */
    __FUNNELRY_OFFER__?: unknown
  }
}

/** The JSON script tag the server writes into the HTML of a public offer page. */
export const inlinedOfferElementId = 'funnelry-offer'

let cached: { value: FreeOffer | null } | null = null

function readRaw(): unknown {
  const element = document.getElementById(inlinedOfferElementId)
  if (element?.textContent) {
    try {
      return JSON.parse(element.textContent)
    } catch {
      return undefined
    }
  }
  return window.__FUNNELRY_OFFER__
}

/**
 * The offer the server put into the page's HTML, so a visitor on a phone sees it without a
 * second round trip. Read and validated once per page load; anything that does not match the
 * contract, or is another offer (the visitor navigated within the app), is ignored and the
 * page fetches as usual.
 */
export function readInlinedOffer(id: string): FreeOffer | undefined {
  if (cached === null) {
    const parsed = freeOfferSchema.safeParse(readRaw())
    cached = { value: parsed.success ? parsed.data : null }
  }
  return cached.value?.id === id ? cached.value : undefined
}

/** Tests change the document between cases; the app reads it once. */
export function forgetInlinedOffer() {
  cached = null
}
