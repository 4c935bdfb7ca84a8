import { type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'

/**
 * Newest first, spelled the way our `(seller_id, created_at desc, id desc)` indexes are built:
 * drizzle-kit writes them as DESC NULLS LAST, and PostgreSQL uses such an index only for an
 * ORDER BY that says NULLS LAST too (a plain DESC means NULLS FIRST and falls back to a sort).
 */
export const descNullsLast = (column: AnyPgColumn): SQL => sql`${column} desc nulls last`

export const newestFirst = (createdAt: AnyPgColumn, id: AnyPgColumn): SQL[] => [descNullsLast(createdAt), descNullsLast(id)]
