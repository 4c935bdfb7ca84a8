import {
  type BumpOffer,
  bumpOfferSchema,
  type FreeOffer,
  freeOfferSchema,
  type OfferDropdownItem,
  type OfferSourceRow,
  type OfferStats,
  offerDropdownSchema,
  offerSourcesSchema,
  offerStatsSchema,
  type SplitExperiment,
  splitExperimentSchema,
  splitTestHistorySchema,
  type UpsellOffer,
  upsellOfferSchema,
} from '@funnelry/shared'
import { HttpResponse } from 'msw'
import { type ApiErrorBody, apiHandler, server } from '../../../testing/msw'

const notFound = () => HttpResponse.json<ApiErrorBody>({ detail: 'Not found.' }, { status: 404 })

/** GET /bump-offer/{id}/ answers the offer, or 404 for null. */
export function mockBumpOffer(offer: BumpOffer | null) {
  server.use(apiHandler('get', '/bump-offer/:id/', bumpOfferSchema, () => (offer ? HttpResponse.json(offer) : notFound())))
}

export function mockUpsellOffer(offer: UpsellOffer | null) {
  server.use(apiHandler('get', '/upsell-offer/:id/', upsellOfferSchema, () => (offer ? HttpResponse.json(offer) : notFound())))
}

export function mockFreeOffer(offer: FreeOffer | null) {
  server.use(apiHandler('get', '/free-product/:id/', freeOfferSchema, () => (offer ? HttpResponse.json(offer) : notFound())))
}

/** The two dropdowns of the free offer form; each call reads the current list, so a test can add to it. */
export function mockDropdowns(lists: { bumps: OfferDropdownItem[]; upsells: OfferDropdownItem[] } = { bumps: [], upsells: [] }) {
  server.use(
    apiHandler('get', '/bump-offer/dropdown/', offerDropdownSchema, () => HttpResponse.json(lists.bumps)),
    apiHandler('get', '/upsell-offer/dropdown/', offerDropdownSchema, () => HttpResponse.json(lists.upsells)),
  )
  return lists
}

/**
 * GET /free-product/{id}/stats/: the same figures for every offer, or a failure; its
 * /stats/sources/ answers `sources`. `sent` records each stats query.
 */
export function mockOfferStats(stats: OfferStats | 'error' = offerStats(), sources: OfferSourceRow[] = []) {
  const sent: Record<string, string>[] = []
  server.use(
    apiHandler('get', '/free-product/:id/stats/', offerStatsSchema, ({ request }) => {
      sent.push(Object.fromEntries(new URL(request.url).searchParams))
      return stats === 'error' ? HttpResponse.json({ detail: 'Something went wrong.' }, { status: 500 }) : HttpResponse.json(stats)
    }),
    apiHandler('get', '/free-product/:id/stats/sources/', offerSourcesSchema, () => HttpResponse.json(sources)),
    // The panel's split-test link asks whether a test runs: none here (issue 27).
    apiHandler('get', '/free-product/:id/experiment/', splitExperimentSchema, () => notFound()),
  )
  return sent
}

export function offerStats(overrides: Partial<OfferStats> = {}): OfferStats {
  return {
    views: 200,
    opt_ins: 50,
    opt_in_rate: 0.25,
    orders: 14,
    paid_orders: 10,
    free_completions: 4,
    bump_take_rate: 0.4,
    upsell_take_rate: 0.5,
    revenue: '310.00',
    revenue_per_view: '1.55',
    revenue_per_visitor: '1.55',
    after_purchase_steps: [],
    currency: 1,
    from: '2025-01-01',
    to: '2025-01-30',
    time_zone: 'UTC',
    daily: [],
    ...overrides,
  }
}

/** GET /free-product/{id}/experiments/: the offer's ended split tests (none by default). */
export function mockSplitHistory(tests: SplitExperiment[] = []) {
  server.use(apiHandler('get', '/free-product/:id/experiments/', splitTestHistorySchema, () => HttpResponse.json(tests)))
}
