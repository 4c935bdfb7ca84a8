import type { BumpOffer, FreeOffer, OfferDropdownItem, UpsellOffer } from '@funnelry/shared'
import { HttpResponse, http } from 'msw'
import { api, server } from '../../../test/msw'

const notFound = () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })

/** GET /bump-offer/{id}/ answers the offer, or 404 for null. */
export function mockBumpOffer(offer: BumpOffer | null) {
  server.use(http.get(api('/bump-offer/:id/'), () => (offer ? HttpResponse.json(offer) : notFound())))
}

export function mockOtoOffer(offer: UpsellOffer | null) {
  server.use(http.get(api('/upsell-offer/:id/'), () => (offer ? HttpResponse.json(offer) : notFound())))
}

export function mockFreeOffer(offer: FreeOffer | null) {
  server.use(http.get(api('/free-product/:id/'), () => (offer ? HttpResponse.json(offer) : notFound())))
}

/** The two dropdowns of the free offer form; each call reads the current list, so a test can add to it. */
export function mockDropdowns(lists: { bumps: OfferDropdownItem[]; otos: OfferDropdownItem[] } = { bumps: [], otos: [] }) {
  server.use(
    http.get(api('/bump-offer/dropdown/'), () => HttpResponse.json(lists.bumps)),
    http.get(api('/upsell-offer/dropdown/'), () => HttpResponse.json(lists.otos)),
  )
  return lists
}
