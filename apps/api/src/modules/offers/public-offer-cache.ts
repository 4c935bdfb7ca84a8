import type { FreeOffer } from '@funnelry/shared'
import { type EncodedBody, encodeBody } from '../../lib/encoded-body.js'
import { createSellerCache } from '../../lib/seller-cache.js'
import type { SellerChanges } from '../../lib/seller-changes.js'
import type { FreeOfferService } from './free-offer-service.js'

/** Turns a visitor's view of an offer into its public page's HTML (plugins/offer-page-html.ts). */
export type RenderOfferPage = (view: FreeOffer) => string

/**
 * What visitors read of one free offer, prepared once per change: the view, the JSON body of
 * `GET /free-product/{id}/` and the HTML of `/free-offer/{id}`, each with its compressed variants
 * and ETag (decision record 0011).
 */
export type PublicOffer = {
  view: FreeOffer
  json: EncodedBody
  page(render: RenderOfferPage): EncodedBody
}

function preparePublicOffer(view: FreeOffer): PublicOffer {
  let rendered: { render: RenderOfferPage; body: EncodedBody } | undefined
  return {
    view,
    json: encodeBody(JSON.stringify(view), 'application/json; charset=utf-8'),
    page(render) {
      if (rendered?.render !== render) rendered = { render, body: encodeBody(render(view), 'text/html; charset=utf-8') }
      return rendered.body
    },
  }
}

/** Visitors' reads of free offers, cached per process and dropped on any change of their seller. */
export function createPublicOfferCache({ changes, freeOffers }: { changes: SellerChanges; freeOffers: FreeOfferService }) {
  const cache = createSellerCache(changes, async (id) => {
    const found = await freeOffers.findPublic(id)
    return found && { sellerId: found.sellerId, value: preparePublicOffer(found.view) }
  })
  return { get: (id: string): Promise<PublicOffer | undefined> => cache.get(id) }
}
export type PublicOfferCache = ReturnType<typeof createPublicOfferCache>
