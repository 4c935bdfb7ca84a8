import type { OfferListQuery } from '@funnelry/shared'
import { and, count, eq, isNull, ne, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { newestFirst as orderNewestFirst } from '../../db/ordering.js'
import { pageWindow } from '../../lib/pagination.js'
import { listedOffers, listOrder } from './offer-list-filter.js'
import { bumpOffers, freeOffers, upsellOffers } from './offers-tables.js'

/** The two paid add-ons a free offer can carry: a BUMP at checkout and an upsell (OTO) after it. */
export type PaidAddOnKind = 'bump' | 'upsell'

type TableOf = { bump: typeof bumpOffers; upsell: typeof upsellOffers }
type Values<T extends TableOf[PaidAddOnKind]> = Omit<T['$inferInsert'], 'id' | 'sellerId' | 'createdAt' | 'updatedAt'>
export type PaidAddOnRow<K extends PaidAddOnKind> = TableOf[K]['$inferSelect']
export type PaidAddOnValues<K extends PaidAddOnKind> = Values<TableOf[K]>

/**
 * Where each kind lives: its table, the free offer column attaching it, and the other kind. Both
 * tables name the columns read here alike (price_cents included), so queries run on either.
 */
const tablesOf = {
  bump: { table: bumpOffers, attachedBy: freeOffers.bumpOfferId, other: upsellOffers, otherBy: freeOffers.upsellOfferId },
  upsell: { table: upsellOffers, attachedBy: freeOffers.upsellOfferId, other: bumpOffers, otherBy: freeOffers.bumpOfferId },
} as const

type Writes<K extends PaidAddOnKind> = {
  insert: (db: Executor, values: PaidAddOnValues<K> & { sellerId: string }) => Promise<PaidAddOnRow<K>[]>
  update: (db: Executor, where: SQL | undefined, values: PaidAddOnValues<K> & { updatedAt: Date }) => Promise<PaidAddOnRow<K>[]>
}

/**
 * The writes, one per kind: a write takes one table's own values, which drizzle cannot check
 * against a union of two tables. Typed as a map over the kinds, `writesOf[kind]` keeps the kind.
 */
const writesOf: { [K in PaidAddOnKind]: Writes<K> } = {
  bump: {
    insert: (db, values) => db.insert(bumpOffers).values(values).returning(),
    update: (db, where, values) => db.update(bumpOffers).set(values).where(where).returning(),
  },
  upsell: {
    insert: (db, values) => db.insert(upsellOffers).values(values).returning(),
    update: (db, where, values) => db.update(upsellOffers).set(values).where(where).returning(),
  },
}

/** One repository for both kinds; only the table and its columns differ. */
export function createPaidAddOnRepository<K extends PaidAddOnKind>(kind: K) {
  /** Reads run on the union of the two tables; `table` is this kind's, so they return its rows (the `as Row` below). */
  type Row = PaidAddOnRow<K>
  const spec: (typeof tablesOf)[PaidAddOnKind] = tablesOf[kind]
  const write: Writes<K> = writesOf[kind]
  const { table } = spec
  const owned = (sellerId: string, id: string) => and(eq(table.sellerId, sellerId), eq(table.id, id))
  const ofSeller = (sellerId: string) => eq(table.sellerId, sellerId)
  /** The order of the (seller_id, created_at desc, id desc) index, so a page is an index range. */
  const newestFirst = orderNewestFirst(table.createdAt, table.id)

  return {
    findById: async (db: Executor, id: string) => (await db.select().from(table).where(eq(table.id, id)))[0] as Row | undefined,

    findOwned: async (db: Executor, sellerId: string, id: string) =>
      (await db.select().from(table).where(owned(sellerId, id)))[0] as Row | undefined,

    /** Inside an update: later writers of the row (and free offers attaching it) wait for us. */
    lockOwned: async (db: Executor, sellerId: string, id: string) =>
      (await db.select().from(table).where(owned(sellerId, id)).for('update'))[0] as Row | undefined,

    /**
     * What attaching it checks (its currency, its price: D19, its name for the message); FOR SHARE
     * holds the row unchanged until the free offer is saved.
     */
    findForAttachment: async (db: Executor, sellerId: string, id: string) =>
      (
        await db
          .select({ currency: table.currency, priceCents: table.priceCents, headline: table.headline })
          .from(table)
          // An archived add-on is out of use: it cannot be attached again (docs/decisions/0021).
          .where(and(owned(sellerId, id), isNull(table.archivedAt)))
          .for('share')
      )[0] as { currency: number; priceCents: number | null; headline: Row['headline'] } | undefined,

    /** Whether some free offer has it attached. */
    async isAttached(db: Executor, id: string): Promise<boolean> {
      const rows = await db.select({ id: freeOffers.id }).from(freeOffers).where(eq(spec.attachedBy, id)).limit(1)
      return rows.length > 0
    },

    /**
     * One page of the seller's list: in use or archived, searched by headline, newest or oldest
     * first. A query (not yet run), so the list-plan test can read its plan.
     */
    page: (db: Executor, sellerId: string, query: OfferListQuery) =>
      db
        .select()
        .from(table)
        .where(listedOffers(table, sellerId, query))
        .orderBy(...listOrder(table, query.ordering))
        .limit(pageWindow(query).limit)
        .offset(pageWindow(query).offset) as PromiseLike<Row[]> & { toSQL: () => { sql: string; params: unknown[] } },

    count: async (db: Executor, sellerId: string, query: OfferListQuery) =>
      (
        await db
          .select({ value: count() })
          .from(table)
          .where(listedOffers(table, sellerId, query))
      )[0]?.value ?? 0,

    dropdown: (db: Executor, sellerId: string) =>
      db
        .select({ id: table.id, headline: table.headline })
        .from(table)
        .where(and(ofSeller(sellerId), isNull(table.archivedAt)))
        .orderBy(...newestFirst),

    async insert(db: Executor, sellerId: string, values: PaidAddOnValues<K>): Promise<Row> {
      const [row] = await write.insert(db, { ...values, sellerId })
      if (!row) throw new Error(`the ${kind} offer row was not stored`)
      return row
    },

    update: async (db: Executor, sellerId: string, id: string, values: PaidAddOnValues<K>): Promise<Row | undefined> =>
      (await write.update(db, owned(sellerId, id), { ...values, updatedAt: new Date() }))[0],

    /** Whether some free offer pairs it with the other kind in a currency that is not `currency`. */
    async pairedWithOtherCurrency(db: Executor, id: string, currency: number): Promise<boolean> {
      const rows = await db
        .select({ id: freeOffers.id })
        .from(freeOffers)
        .innerJoin(spec.other, eq(spec.otherBy, spec.other.id))
        .where(and(eq(spec.attachedBy, id), ne(spec.other.currency, currency)))
        .limit(1)
      return rows.length > 0
    },
  }
}
export type PaidAddOnRepository<K extends PaidAddOnKind> = ReturnType<typeof createPaidAddOnRepository<K>>

export const bumpOfferRepository = createPaidAddOnRepository('bump')
export const upsellOfferRepository = createPaidAddOnRepository('upsell')
