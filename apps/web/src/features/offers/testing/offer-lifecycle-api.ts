import {
  type BumpOffer,
  bumpOfferListSchema,
  bumpOfferSchema,
  type FreeOffer,
  freeOfferListSchema,
  freeOfferSchema,
  type OfferInUse,
  offerInUseSchema,
  type Paginated,
  type UpsellOffer,
  upsellOfferListSchema,
  upsellOfferSchema,
} from '@funnelry/shared'
import { HttpResponse } from 'msw'
import type { z } from 'zod'
import { offerId, pageOf } from '../../../testing/factories/offers'
import { type ApiErrorBody, apiHandler, server } from '../../../testing/msw'
import type { OfferKind } from '../lib/offer-texts'

/** What the stand-in reads of an offer of any kind. */
type StoredOffer = { id: string; headline: string | null; created_at: string; archived_at: string | null }

/** The offer each kind's endpoints answer, as its shared schema describes it. */
type OfferOf = { free: FreeOffer; bump: BumpOffer; upsell: UpsellOffer }

/**
 * One kind's endpoints and the shared schemas of its item and list answers. Typed by the answer's
 * input shape, so the handlers below may answer only what that kind's schema accepts.
 */
type KindApi<T> = { path: string; schema: z.ZodType<unknown, T>; listSchema: z.ZodType<unknown, Paginated<T>> }

// A mapped type over the kind, so `kinds[kind]` keeps the kind's own offer type (not a union of all three).
const kinds: { [K in OfferKind]: KindApi<OfferOf[K]> } = {
  free: { path: '/free-product/', schema: freeOfferSchema, listSchema: freeOfferListSchema },
  bump: { path: '/bump-offer/', schema: bumpOfferSchema, listSchema: bumpOfferListSchema },
  upsell: { path: '/upsell-offer/', schema: upsellOfferSchema, listSchema: upsellOfferListSchema },
}

/**
 * A stand-in for one kind's list and lifecycle calls (docs/decisions/0021), over an array the test
 * can read: the list honours search, ordering and archived; duplicate, archive, restore and delete
 * change the array. `refuse` answers a call with a 409 instead, as the API does for an offer in use.
 * Every request's query string is kept in `listed`.
 */
export function mockOfferLifecycle<K extends OfferKind>(kind: K, offers: OfferOf[K][]) {
  return mockKindLifecycle(kinds[kind], offers)
}

function mockKindLifecycle<T extends StoredOffer>({ path, schema, listSchema }: KindApi<T>, offers: T[]) {
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
      return HttpResponse.json(pageOf(params.get('ordering') === 'oldest' ? found.reverse() : found))
    }),
    apiHandler('post', `${path}:id/:action/`, schema, ({ params }) => {
      const offer = find(params.id)
      const action = String(params.action)
      state.calls.push(`${action} ${String(params.id)}`)
      if (!offer) return HttpResponse.json<ApiErrorBody>({ detail: 'Not found.' }, { status: 404 })
      const refusal = refused(action, params.id)
      if (refusal) return HttpResponse.json<OfferInUse>(refusal, { status: 409 })
      if (action === 'duplicate') {
        copies += 1
        const copy: T = { ...offer, id: offerId(900 + copies), headline: `Copy of ${offer.headline}`, created_at: new Date().toISOString() }
        state.offers.push(copy)
        return HttpResponse.json<T>(copy, { status: 201 })
      }
      offer.archived_at = action === 'archive' ? new Date().toISOString() : null
      return HttpResponse.json<T>(offer)
    }),
    // Answers the delete's refusal without deleting (not a change, so not in `calls`).
    apiHandler('get', `${path}:id/deletable/`, offerInUseSchema, ({ params }) => {
      const refusal = refused('delete', params.id)
      if (refusal) return HttpResponse.json<OfferInUse>(refusal, { status: 409 })
      return new HttpResponse(null, { status: 204 })
    }),
    apiHandler('delete', `${path}:id/`, offerInUseSchema, ({ params }) => {
      state.calls.push(`delete ${String(params.id)}`)
      const refusal = refused('delete', params.id)
      if (refusal) return HttpResponse.json<OfferInUse>(refusal, { status: 409 })
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
