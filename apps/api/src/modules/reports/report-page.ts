import type { PageQuery } from '@funnelry/shared'
import { type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { newestFirst } from '../../db/ordering.js'
import { encodeCursor, type ListCursor, type ListPosition, type PageWindow, plainPageDepth } from './list-cursor.js'

/** How many rows the list's filters match; `estimate` when above what is counted exactly. */
export type ListTotal = { count: number; estimate: boolean }

/** The rows of one page (newest first) and whether more lie beyond them in the direction read. */
export type PageRows<Row> = { rows: Row[]; more: boolean }

/** The condition that starts a page at its cursor: strictly older, or strictly newer, than a row. */
export const fromCursor = (createdAt: AnyPgColumn, id: AnyPgColumn, cursor: ListCursor | null): SQL | undefined => {
  if (!cursor) return undefined
  const position = sql`(${cursor.position.createdAt}::timestamptz, ${cursor.position.id}::uuid)`
  return cursor.direction === 'older' ? sql`(${createdAt}, ${id}) < ${position}` : sql`(${createdAt}, ${id}) > ${position}`
}

/**
 * The page's ORDER BY: newest first, or oldest first when reading back from a cursor. Both are the
 * (…, created_at desc, id desc) indexes read one way or the other.
 */
export const pageOrder = (createdAt: AnyPgColumn, id: AnyPgColumn, window: PageWindow): SQL[] =>
  window.cursor?.direction === 'newer' || window.fromOldest
    ? [sql`${createdAt} asc nulls first`, sql`${id} asc nulls first`]
    : newestFirst(createdAt, id)

/** The fetched rows (one more than the page) as the page shows them: newest first, at most page_size. */
export function pageRowsOf<Row>(fetched: Row[], window: PageWindow): PageRows<Row> {
  // Read oldest first by exact offset: exactly the page, and older rows exist when it skipped some.
  if (window.fromOldest) return { rows: fetched.reverse(), more: window.offset > 0 }
  const pageSize = window.limit - 1
  const rows = fetched.slice(0, pageSize)
  return { rows: window.cursor?.direction === 'newer' ? rows.reverse() : rows, more: fetched.length > pageSize }
}

type PageBody<T> = { count: number; next: string | null; previous: string | null; results: T[]; count_is_estimate?: true }

/**
 * The spec's list body with absolute `next`/`previous` links that keep the filters. Links to pages
 * deeper than `plainPageDepth` rows also carry the cursor of the row they continue from; a page
 * past the end is empty and its `previous` points at the last page.
 */
export function reportPage<Row, T>(options: {
  listUrl: string
  query: PageQuery
  filters: Record<string, string | undefined>
  total: ListTotal
  page: PageRows<Row>
  window: PageWindow
  positionOf: (row: Row) => ListPosition
  toItem: (row: Row) => T
}): PageBody<T> {
  const { listUrl, query, filters, total, page, window, positionOf } = options
  const { page: number, page_size: size } = query
  const link = (target: number, cursor: ListCursor | null) => {
    const params = new URLSearchParams({ page: String(target), page_size: String(size) })
    for (const [name, value] of Object.entries(filters)) if (value !== undefined) params.set(name, value)
    if (cursor) params.set('cursor', encodeCursor(cursor))
    return `${listUrl}?${params}`
  }
  const deep = (target: number) => (target - 1) * size >= plainPageDepth
  const first = page.rows[0]
  const last = page.rows.at(-1)
  // Read back from a cursor, the page came from later rows, so there is a next page.
  const hasNext = window.cursor?.direction === 'newer' ? page.rows.length > 0 : page.more
  const lastPage = Math.max(1, Math.ceil(total.count / size))

  let previous: string | null = null
  if (number > 1 && first) previous = link(number - 1, deep(number - 1) ? { direction: 'newer', position: positionOf(first) } : null)
  else if (number > 1) previous = link(Math.min(number - 1, lastPage), null)

  return {
    count: total.count,
    ...(total.estimate ? { count_is_estimate: true as const } : {}),
    next: hasNext && last ? link(number + 1, deep(number + 1) ? { direction: 'older', position: positionOf(last) } : null) : null,
    previous,
    results: page.rows.map(options.toItem),
  }
}
