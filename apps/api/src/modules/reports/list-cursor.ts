import type { PageQuery } from '@funnelry/shared'

/** A row's place in the newest-first order: PostgreSQL's microsecond text of its time, and its id. */
export type ListPosition = { createdAt: string; id: string }

/** Where a page starts: just older than a position (forward) or just newer (back). */
export type ListCursor = { direction: 'older' | 'newer'; position: ListPosition }

/**
 * Pages that start within this many rows are found by their number (OFFSET over the index reads
 * at most this many entries); links to deeper pages carry a cursor (docs/decisions/0012).
 */
export const plainPageDepth = 1000

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const timePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/

export const encodeCursor = ({ direction, position }: ListCursor) =>
  Buffer.from(`${direction === 'older' ? 'o' : 'n'}|${position.createdAt}|${position.id}`).toString('base64url')

/** The cursor of a link, or null when it is not one of ours (the page is then found by number). */
export function decodeCursor(text: string | undefined): ListCursor | null {
  if (!text) return null
  const [direction, createdAt, id, ...rest] = Buffer.from(text, 'base64url').toString('utf8').split('|')
  if (rest.length > 0 || (direction !== 'o' && direction !== 'n')) return null
  if (!createdAt || !timePattern.test(createdAt) || !id || !uuidPattern.test(id)) return null
  return { direction: direction === 'o' ? 'older' : 'newer', position: { createdAt, id } }
}

/**
 * Rows a page query reads, and how it finds them: from a cursor, by OFFSET newest first, or by
 * OFFSET oldest first (`fromOldest`) for a page in the older half of an exactly counted list.
 */
export type PageWindow = { limit: number; offset: number; cursor: ListCursor | null; fromOldest: boolean }

/**
 * One more row than the page holds, so that `next` needs no count. A cursor is used only for the
 * page it was made for; a page within `plainPageDepth` rows ignores one. A deep page asked for by
 * number (the dashboard's last-page button) is read from whichever end of the list is nearer when
 * the list's size is known exactly (`exactTotal`): the last page costs what the first does.
 */
export function pageWindowOf(query: PageQuery & { cursor?: string | undefined }, exactTotal: number | null): PageWindow {
  const offset = (query.page - 1) * query.page_size
  const cursor = offset < plainPageDepth ? null : decodeCursor(query.cursor)
  if (cursor) return { limit: query.page_size + 1, offset: 0, cursor, fromOldest: false }
  if (exactTotal !== null && offset >= plainPageDepth && offset < exactTotal && offset * 2 > exactTotal) {
    // The page is rows [offset, offset + size) newest first: [total - offset - size, total - offset) oldest first.
    const olderRows = Math.max(0, exactTotal - offset - query.page_size)
    return { limit: exactTotal - offset - olderRows, offset: olderRows, cursor: null, fromOldest: true }
  }
  return { limit: query.page_size + 1, offset, cursor: null, fromOldest: false }
}
