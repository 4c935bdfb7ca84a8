import type { FreeOffer } from '@funnelry/shared'
import { type EncodedBody, encodeBody } from '../../lib/encoded-body.js'
import type { RecordedAnswer } from '../../lib/replayed-answers.js'
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
  /** The JSON's or the page's recorded answer to this request (lib/replayed-answers.ts), if any. */
  recordedAnswer(key: string): RecordedAnswer | undefined
}

/** A view's public reads, rendered lazily (also a split-test variant's, cached by the experiments module). */
export function preparePublicOffer(view: FreeOffer): PublicOffer {
  let rendered: { render: RenderOfferPage; body: EncodedBody } | undefined
  const json = encodeBody(JSON.stringify(view), 'application/json; charset=utf-8')
  return {
    view,
    json,
    page(render) {
      if (rendered?.render !== render) rendered = { render, body: encodeBody(render(view), 'text/html; charset=utf-8') }
      return rendered.body
    },
    recordedAnswer(key) {
      return json.answers.get(key) ?? rendered?.body.answers.get(key)
    },
  }
}

/** Visitors' reads of free offers, cached per process and dropped on any change of their seller. */
export function createPublicOfferCache({ changes, freeOffers }: { changes: SellerChanges; freeOffers: FreeOfferService }) {
  const cache = createSellerCache(changes, async (id) => {
    const found = await freeOffers.findPublic(id)
    return found && { sellerId: found.sellerId, value: preparePublicOffer(found.view) }
  })
  return {
    get: (id: string): Promise<PublicOffer | undefined> => cache.get(id),
    /** Only what is cached now: a read answered without waiting for anything. */
    peek: (id: string): PublicOffer | undefined => cache.peek(id),
  }
}
export type PublicOfferCache = ReturnType<typeof createPublicOfferCache>
