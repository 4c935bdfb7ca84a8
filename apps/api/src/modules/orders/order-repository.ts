import type { OfferKind } from '@funnelry/shared'
import { and, asc, count, desc, eq, gt, inArray, lt, ne, notInArray, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { firstRow } from '../../db/first-row.js'
import { receiptExpiry } from './order-receipt-token.js'
import { orders } from './orders-tables.js'

export type OrderRow = typeof orders.$inferSelect
export type NewOrder = typeof orders.$inferInsert
export type OrderChanges = Partial<
  Pick<
    OrderRow,
    | 'fullName'
    | 'email'
    | 'status'
    | 'bumpOfferId'
    | 'upsellOfferId'
    | 'upsellShown'
    | 'bumpPriceCents'
    | 'upsellPriceCents'
    | 'amountCents'
    | 'currency'
    | 'provider'
    | 'intentId'
    | 'receiptToken'
    | 'receiptExpiresAt'
  >
>

/** Orders paid, whatever was refunded of them since (decision D35): a payment event never pays them again. */
export const paidStatuses = ['paid', 'partially_refunded', 'refunded'] as const
/** Orders that no longer wait for a payment: a change or an abandonment leaves them alone. */
const closedStatuses = [...paidStatuses, 'abandoned'] as const
/** Orders still open for a payment, which the abandonment sweep looks at (decision D20). */
export const unpaidStatuses = ['draft', 'pending', 'failed'] as const

/** The column of an order that points at each kind of offer. */
const offerColumns = { free: orders.freeOfferId, bump: orders.bumpOfferId, upsell: orders.upsellOfferId }

export const orderRepository = {
  /** The orders that keep an offer from being deleted; a draft is nobody's sale yet (decision D20). */
  countForOffer: async (db: Executor, kind: OfferKind, offerId: string): Promise<number> =>
    (
      await db
        .select({ value: count() })
        .from(orders)
        .where(and(eq(offerColumns[kind], offerId), ne(orders.status, 'draft')))
    )[0]?.value ?? 0,

  async insert(db: Executor, values: NewOrder): Promise<OrderRow> {
    const [row] = await db.insert(orders).values(values).returning()
    if (!row) throw new Error('the order row was not stored')
    return row
  },

  /**
   * The order with its row version (PostgreSQL's `xmin`, new on every write). Updates are
   * optimistic: no lock is held while the payment provider is called (that can take seconds, and the
   * local provider needs a connection of its own), and `updateIfUnchanged` refuses a stale write.
   */
  findVersioned: async (db: Executor, id: string): Promise<{ order: OrderRow; version: string } | undefined> =>
    (
      await db
        .select({ order: orders, version: sql<string>`${orders}.xmin::text` })
        .from(orders)
        .where(eq(orders.id, id))
    )[0],

  /** Applies the changes only if nobody wrote the order since it was read (else undefined: read again). */
  updateIfUnchanged: async (db: Executor, id: string, version: string, changes: OrderChanges, at: Date): Promise<OrderRow | undefined> =>
    (
      await db
        .update(orders)
        .set({ ...changes, updatedAt: at })
        .where(and(eq(orders.id, id), sql`${orders}.xmin::text = ${version}`, notInArray(orders.status, [...closedStatuses])))
        .returning()
    )[0],

  /**
   * The one place an order becomes paid, and only when what was charged is what the order says: an
   * intent changed by an update that then lost a race must not deliver more than was paid for. Of
   * any number of concurrent deliveries of the same event, exactly one gets the row back (the others
   * wait for its lock, then see `paid` and match nothing); only that one goes on to fulfil. A payment
   * that succeeded wins over an abandonment. The receipt stays readable for an hour after payment.
   */
  markPaid: async (
    db: Executor,
    intentId: string,
    charged: { amountCents: number; currency: number },
    at: Date,
  ): Promise<OrderRow | undefined> =>
    (
      await db
        .update(orders)
        // Fulfilled with it: the caller queues the deliveries in this transaction (order-delivery.ts).
        .set({ status: 'paid', paidAt: at, fulfilledAt: at, updatedAt: at, receiptExpiresAt: receiptExpiry(at) })
        .where(
          and(
            eq(orders.intentId, intentId),
            notInArray(orders.status, [...paidStatuses]),
            eq(orders.amountCents, charged.amountCents),
            eq(orders.currency, charged.currency),
          ),
        )
        .returning()
    )[0],

  findByIntent: (db: Executor, intentId: string) => firstRow(db.select().from(orders).where(eq(orders.intentId, intentId))),

  /** The orders of these intents still waiting for a payment (pending, or failed and payable again). */
  openByIntents: (db: Executor, intentIds: string[]) =>
    db
      .select()
      .from(orders)
      .where(and(inArray(orders.intentId, intentIds), inArray(orders.status, ['pending', 'failed']))),

  /**
   * A declined payment; the intent stays payable, so a later success still wins. Answers the
   * buyer's email of the order still open (a decline after a decline is counted too: decision D24).
   */
  markFailed: async (db: Executor, intentId: string, at: Date) =>
    (
      await db
        .update(orders)
        .set({ status: 'failed', updatedAt: at })
        .where(and(eq(orders.intentId, intentId), inArray(orders.status, ['pending', 'failed'])))
        .returning({ email: orders.email })
    )[0],

  /** A listed order of the seller (not a draft): another seller's is not found (decision D35's refunds). */
  findOwned: async (db: Executor, sellerId: string, id: string): Promise<OrderRow | undefined> =>
    (
      await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), eq(orders.sellerId, sellerId), ne(orders.status, 'draft')))
    )[0],

  /** Holds the order until the transaction ends: concurrent refunds of its lines are recorded one after the other. */
  lock: (db: Executor, id: string) => db.select({ id: orders.id }).from(orders).where(eq(orders.id, id)).for('update'),

  /** Decision D35: what the order's refunds left of it. */
  markRefunded: async (db: Executor, id: string, changes: { status: 'partially_refunded' | 'refunded'; refundedCents: number }, at: Date) =>
    (
      await db
        .update(orders)
        .set({ ...changes, updatedAt: at })
        .where(eq(orders.id, id))
        .returning()
    )[0],

  /** The lead an order's visitor became (decision D16: recorded as soon as the details arrive). */
  setLead: (db: Executor, id: string, leadId: string) => db.update(orders).set({ leadId }).where(eq(orders.id, id)),

  /**
   * The visitor's open order on this free offer that holds nothing to pay any more (they unticked
   * what they were buying), locked for the free completion that takes it over: one checkout, one
   * order (issue 9 review). Drafts have no email, so they never match.
   */
  openZeroTotalFor: async (db: Executor, freeOfferId: string, email: string): Promise<OrderRow | undefined> =>
    (
      await db
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.freeOfferId, freeOfferId),
            sql`lower(${orders.email}) = lower(${email})`,
            inArray(orders.status, ['pending', 'failed']),
            eq(orders.amountCents, 0),
          ),
        )
        .orderBy(desc(orders.updatedAt))
        .limit(1)
        .for('update')
    )[0],

  /** Replaces an open order's contents with the free completion's, as paid (decision D11). */
  completeOpenAsFree: async (db: Executor, id: string, values: NewOrder): Promise<OrderRow | undefined> =>
    (
      await db
        .update(orders)
        .set(values)
        .where(and(eq(orders.id, id), inArray(orders.status, ['pending', 'failed'])))
        .returning()
    )[0],

  /** Unpaid orders last changed before `cutoff`, oldest first, with their versions (the partial index serves it). */
  unpaidSince: (db: Executor, cutoff: Date, limit: number) =>
    db
      .select({ order: orders, version: sql<string>`${orders}.xmin::text` })
      .from(orders)
      .where(and(inArray(orders.status, [...unpaidStatuses]), lt(orders.updatedAt, cutoff)))
      .orderBy(asc(orders.updatedAt))
      .limit(limit),

  /**
   * Pending and failed orders of `provider` changed since `since`, most recent first: the ones a
   * payment may have settled with no event reaching us (payment-settlement.ts). Drafts and orders
   * whose intent was dropped have provider `none`. The partial unpaid index serves it.
   */
  payableSince: (db: Executor, provider: 'local' | 'stripe', since: Date, limit: number) =>
    db
      .select()
      .from(orders)
      .where(and(inArray(orders.status, ['pending', 'failed']), gt(orders.updatedAt, since), eq(orders.provider, provider)))
      .orderBy(desc(orders.updatedAt))
      .limit(limit),

  /** Decision D20: abandoned, unless the visitor came back (or a payment arrived) since it was read. */
  abandonIfUnchanged: async (db: Executor, id: string, version: string, at: Date): Promise<boolean> =>
    (
      await db
        .update(orders)
        .set({ status: 'abandoned', updatedAt: at })
        .where(and(eq(orders.id, id), sql`${orders}.xmin::text = ${version}`, inArray(orders.status, [...unpaidStatuses])))
        .returning({ id: orders.id })
    ).length > 0,

  /** The orders of these thank-you references, of those still valid (many pages read at once). */
  findByReceipts: (db: Executor, tokens: string[], at: Date) =>
    db
      .select()
      .from(orders)
      .where(and(inArray(orders.receiptToken, tokens), gt(orders.receiptExpiresAt, at))),
}
