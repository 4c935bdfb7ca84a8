import type { OfferListFilters } from '../lib/offer-list-params'

/** The query keys of a paid add-on kind, under one root. */
const paidAddOnKeys = <Root extends string>(root: Root) => {
  const all = [root] as const
  return {
    all,
    lists: () => [...all, 'list'] as const,
    list: (filters: OfferListFilters) => [...all, 'list', filters] as const,
    detail: (id: string) => [...all, 'detail', id] as const,
    dropdown: () => [...all, 'dropdown'] as const,
  }
}

/**
 * The offers' query keys. Every feature keeps its keys in its api/query-keys.ts: one root per
 * feature (or per kind of thing), factories under it, nothing written out at a call site. Each kind has one root, so a save can refresh everything of that kind
 * (its list pages, its detail and its dropdown) with one invalidation.
 */
export const offerKeys = {
  free: {
    all: ['free-offers'] as const,
    lists: () => [...offerKeys.free.all, 'list'] as const,
    list: (filters: OfferListFilters) => [...offerKeys.free.lists(), filters] as const,
    detail: (id: string) => [...offerKeys.free.all, 'detail', id] as const,
    /** The newest offers as {id, headline}: the reports' filter and the domain's root page choice. */
    choices: () => [...offerKeys.free.all, 'choices'] as const,
  },
  /** Issue 27: a free offer's split test (its results and its arms). */
  splitTest: (offerId: string) => ['split-tests', offerId] as const,
  /** Its ended tests (the history); under the same root, so one invalidation refreshes both. */
  splitHistory: (offerId: string) => ['split-tests', offerId, 'history'] as const,
  bump: paidAddOnKeys('bump-offers'),
  upsell: paidAddOnKeys('upsell-offers'),
}
