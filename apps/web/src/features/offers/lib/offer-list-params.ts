import { maxOfferSearchLength, type OfferOrdering, offerOrderings } from '@funnelry/shared'
import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { usePageParam } from '../../../components/page-pagination'

/** What an offer list shows, as the API's list calls take it (docs/decisions/0021). */
export type OfferListFilters = {
  page: number
  /** Empty for no search. */
  search: string
  ordering: OfferOrdering
  archived: boolean
}

export type OfferListFilterName = 'search' | 'ordering' | 'archived'

const isOrdering = (value: string | null): value is OfferOrdering => (offerOrderings as readonly (string | null)[]).includes(value)

/**
 * The list's search, order and view from its URL (`?search=guide&ordering=oldest&archived=true`),
 * so reload, back and forward keep them. A hand-edited link never reaches the API as a 400: what
 * is not valid is read as the default.
 */
export function readOfferListFilters(params: URLSearchParams, page: number): OfferListFilters {
  const ordering = params.get('ordering')
  return {
    page,
    search: (params.get('search') ?? '').trim().slice(0, maxOfferSearchLength),
    ordering: isOrdering(ordering) ? ordering : 'newest',
    archived: params.get('archived') === 'true',
  }
}

/** The URL after one filter changed: a default value is left out, and the list starts again at page 1. */
export function withOfferListFilter(params: URLSearchParams, name: OfferListFilterName, value: string): URLSearchParams {
  const next = new URLSearchParams(params)
  const trimmed = value.trim()
  const isDefault = trimmed === '' || (name === 'ordering' && trimmed === 'newest') || (name === 'archived' && trimmed !== 'true')
  if (isDefault) next.delete(name)
  else next.set(name, trimmed)
  next.delete('page')
  return next
}

/** The query parameters of the list call; defaults are left out. */
export function offerListParams({ page, search, ordering, archived }: OfferListFilters) {
  return { page, search: search || undefined, ordering: ordering === 'newest' ? undefined : ordering, archived: archived || undefined }
}

/**
 * The filters of an offer list and a setter. Typing a search replaces the current history entry
 * (one entry a word would make back useless); switching Active/Archived or the order adds one, so
 * back returns to the previous view.
 */
export function useOfferListFilters() {
  const page = usePageParam()
  const [params, setParams] = useSearchParams()
  const filters = useMemo(() => readOfferListFilters(params, page), [params, page])
  const setFilter = useCallback(
    (name: OfferListFilterName, value: string) =>
      setParams((current) => withOfferListFilter(current, name, value), { replace: name === 'search' }),
    [setParams],
  )
  return { filters, setFilter }
}
