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

/** Rows a page query reads, and whether a cursor or the page number placed it. */
export type PageWindow = { limit: number; offset: number; cursor: ListCursor | null }

/**
 * One more row than the page holds, so that `next` needs no count. A cursor is used only for the
 * page it was made for; a page within `plainPageDepth` rows ignores one.
 */
export function pageWindowOf(query: PageQuery & { cursor?: string | undefined }): PageWindow {
  const offset = (query.page - 1) * query.page_size
  const cursor = offset < plainPageDepth ? null : decodeCursor(query.cursor)
  return { limit: query.page_size + 1, offset: cursor ? 0 : offset, cursor }
}
