import type { OfferListQuery, PageQuery, Paginated } from '@funnelry/shared'

/** LIMIT/OFFSET of one page; with the (seller_id, created_at desc, id desc) index only that page is read. */
export const pageWindow = ({ page, page_size }: PageQuery) => ({ limit: page_size, offset: (page - 1) * page_size })

/**
 * The list body `{count, next, previous, results}` with absolute links (`listUrl` is the public
 * URL of the list). A page past the end is empty; its `previous` points at the last page.
 */
export function toPage<T>(listUrl: string, query: PageQuery & Partial<OfferListQuery>, count: number, results: T[]): Paginated<T> {
  const { page, page_size } = query
  const lastPage = Math.max(1, Math.ceil(count / page_size))
  // The links keep the list's search, order and archive choice, so paging never changes what is listed.
  const kept = {
    ...(query.search ? { search: query.search } : {}),
    ...(query.ordering && query.ordering !== 'newest' ? { ordering: query.ordering } : {}),
    ...(query.archived ? { archived: 'true' } : {}),
  }
  const link = (target: number) => `${listUrl}?${new URLSearchParams({ page: String(target), page_size: String(page_size), ...kept })}`
  return {
    count,
    next: page * page_size < count ? link(page + 1) : null,
    previous: page > 1 ? link(Math.min(page - 1, lastPage)) : null,
    results,
  }
}
