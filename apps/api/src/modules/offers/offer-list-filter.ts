import type { OfferListQuery } from '@funnelry/shared'
import { and, eq, ilike, isNotNull, isNull, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { descNullsLast } from '../../db/ordering.js'

/** The columns a list of any kind of offer filters and sorts on. */
export type ListedOfferColumns = {
  sellerId: AnyPgColumn
  headline: AnyPgColumn
  archivedAt: AnyPgColumn
  createdAt: AnyPgColumn
  id: AnyPgColumn
}

/** `%`, `_` and `\` are typed by sellers as themselves, not as ILIKE wildcards. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`

/**
 * The seller's offers in use (or archived ones), whose headline contains the search in any case.
 * Still an index range of (seller_id, created_at desc, id desc): a seller has hundreds of offers,
 * not millions, so the headline and archive tests run on that range.
 */
export function listedOffers(table: ListedOfferColumns, sellerId: string, query: Pick<OfferListQuery, 'search' | 'archived'>): SQL {
  return and(
    eq(table.sellerId, sellerId),
    query.archived ? isNotNull(table.archivedAt) : isNull(table.archivedAt),
    query.search ? ilike(table.headline, containing(query.search)) : undefined,
  ) as SQL
}

/** Newest or oldest first, both in the index's order (read forwards or backwards). */
export const listOrder = (table: ListedOfferColumns, ordering: OfferListQuery['ordering']): SQL[] =>
  ordering === 'oldest'
    ? [sql`${table.createdAt} asc nulls first`, sql`${table.id} asc nulls first`]
    : [descNullsLast(table.createdAt), descNullsLast(table.id)]
