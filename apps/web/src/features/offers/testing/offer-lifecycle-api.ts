import {
  bumpOfferListSchema,
  bumpOfferSchema,
  freeOfferListSchema,
  freeOfferSchema,
  type OfferInUse,
  offerInUseSchema,
  upsellOfferListSchema,
  upsellOfferSchema,
} from '@funnelry/shared'
import { HttpResponse } from 'msw'
import { offerId, pageOf } from '../../../testing/factories/offers'
import { apiHandler, server } from '../../../testing/msw'
import type { OfferKind } from '../lib/offer-texts'

type StoredOffer = { id: string; headline: string | null; created_at: string; archived_at: string | null }

const kinds = {
  free: { path: '/free-product/', schema: freeOfferSchema, listSchema: freeOfferListSchema },
  bump: { path: '/bump-offer/', schema: bumpOfferSchema, listSchema: bumpOfferListSchema },
  upsell: { path: '/upsell-offer/', schema: upsellOfferSchema, listSchema: upsellOfferListSchema },
} as const

/**
 * A stand-in for one kind's list and lifecycle calls (docs/decisions/0021), over an array the test
 * can read: the list honours search, ordering and archived; duplicate, archive, restore and delete
 * change the array. `refuse` answers a call with a 409 instead, as the API does for an offer in use.
 * Every request's query string is kept in `listed`.
 */
export function mockOfferLifecycle<T extends StoredOffer>(kind: OfferKind, offers: T[]) {
  const { path, schema, listSchema } = kinds[kind]
  const state = { offers, listed: [] as URLSearchParams[], calls: [] as string[], refusals: new Map<string, OfferInUse>() }
  const find = (id: unknown) => state.offers.find((offer) => offer.id === id)
  const refused = (action: string, id: unknown) => state.refusals.get(`${action} ${String(id)}`)
  let copies = 0

  server.use(
    apiHandler('get', path, listSchema, ({ request }) => {
      const params = new URL(request.url).searchParams
      state.listed.push(params)
      const search = (params.get('search') ?? '').toLowerCase()
      const archived = params.get('archived') === 'true'
      const found = state.offers
        .filter((offer) => (offer.archived_at !== null) === archived && (offer.headline ?? '').toLowerCase().includes(search))
        .sort((a, b) => b.created_at.localeCompare(a.created_at))
      // The stand-in's offers satisfy the kind's schema: the test builds them with its factories.
      return HttpResponse.json(pageOf(params.get('ordering') === 'oldest' ? found.reverse() : found) as never)
    }),
    apiHandler('post', `${path}:id/:action/`, schema, ({ params }) => {
      const offer = find(params.id)
      const action = String(params.action)
      state.calls.push(`${action} ${String(params.id)}`)
      if (!offer) return HttpResponse.json({ detail: 'Not found.' }, { status: 404 })
      const refusal = refused(action, params.id)
      if (refusal) return HttpResponse.json(refusal as never, { status: 409 })
      if (action === 'duplicate') {
        copies += 1
        const copy = { ...offer, id: offerId(900 + copies), headline: `Copy of ${offer.headline}`, created_at: new Date().toISOString() }
        state.offers.push(copy)
        return HttpResponse.json(copy as never, { status: 201 })
      }
      offer.archived_at = action === 'archive' ? new Date().toISOString() : null
      return HttpResponse.json(offer as never)
    }),
    apiHandler('delete', `${path}:id/`, offerInUseSchema, ({ params }) => {
      state.calls.push(`delete ${String(params.id)}`)
      const refusal = refused('delete', params.id)
      if (refusal) return HttpResponse.json(refusal, { status: 409 })
      state.offers = state.offers.filter((offer) => offer.id !== params.id)
      return new HttpResponse(null, { status: 204 })
    }),
  )
  return {
    state,
    /** The API refuses `action` ('archive' or 'delete') on the offer with this body. */
    refuse: (action: 'archive' | 'delete', id: string, refusal: OfferInUse) => state.refusals.set(`${action} ${id}`, refusal),
  }
}
