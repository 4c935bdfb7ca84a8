import type { PageQuery, Paginated } from '@funnelry/shared'

/** LIMIT/OFFSET of one page; with the (seller_id, created_at desc, id desc) index only that page is read. */
export const pageWindow = ({ page, page_size }: PageQuery) => ({ limit: page_size, offset: (page - 1) * page_size })

/**
 * The list body `{count, next, previous, results}` with absolute links (`listUrl` is the public
 * URL of the list). A page past the end is empty; its `previous` points at the last page.
 */
export function toPage<T>(listUrl: string, query: PageQuery, count: number, results: T[]): Paginated<T> {
  const { page, page_size } = query
  const lastPage = Math.max(1, Math.ceil(count / page_size))
  const link = (target: number) => `${listUrl}?${new URLSearchParams({ page: String(target), page_size: String(page_size) })}`
  return {
    count,
    next: page * page_size < count ? link(page + 1) : null,
    previous: page > 1 ? link(Math.min(page - 1, lastPage)) : null,
    results,
  }
}
