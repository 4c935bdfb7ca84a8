import { and, eq, ne, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { bumpOffers, freeOffers, orders, sellers, upsellOffers } from '../../db/schema/index.js'

export type OrderRow = typeof orders.$inferSelect
export type NewOrder = typeof orders.$inferInsert
export type OrderChanges = Partial<
  Pick<
    OrderRow,
    'fullName' | 'email' | 'bumpOfferId' | 'upsellOfferId' | 'upsellShown' | 'amountCents' | 'currency' | 'provider' | 'intentId'
  >
>

export const orderRepository = {
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
        .where(and(eq(orders.id, id), sql`${orders}.xmin::text = ${version}`, ne(orders.status, 'paid')))
        .returning()
    )[0],

  /**
   * The one place an order becomes paid. Of any number of concurrent deliveries of the same event,
   * exactly one gets the row back (the others wait for its lock, then see `paid` and match nothing);
   * only that one goes on to fulfil.
   */
  /**
   * Marks the order paid only when what was charged is what the order says: an intent changed by
   * an update that then lost a race must not deliver more than was paid for.
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
        .set({ status: 'paid', paidAt: at, updatedAt: at })
        .where(
          and(
            eq(orders.intentId, intentId),
            ne(orders.status, 'paid'),
            eq(orders.amountCents, charged.amountCents),
            eq(orders.currency, charged.currency),
          ),
        )
        .returning()
    )[0],

  findByIntent: (db: Executor, intentId: string) => db.query.orders.findFirst({ where: eq(orders.intentId, intentId) }),

  /** A declined payment; the intent stays payable, so a later success still wins. */
  markFailed: (db: Executor, intentId: string, at: Date) =>
    db
      .update(orders)
      .set({ status: 'failed', updatedAt: at })
      .where(and(eq(orders.intentId, intentId), eq(orders.status, 'pending'))),

  markFulfilled: (db: Executor, id: string, leadId: string, at: Date) =>
    db.update(orders).set({ leadId, fulfilledAt: at, updatedAt: at }).where(eq(orders.id, id)),

  /** What a paid order delivers: the seller's name and the download links of what was bought. */
  async deliveryDetails(db: Executor, order: OrderRow) {
    const [offer] = await db
      .select({ headline: freeOffers.headline, url: freeOffers.url, businessName: sellers.businessName })
      .from(freeOffers)
      .innerJoin(sellers, eq(sellers.id, freeOffers.sellerId))
      .where(eq(freeOffers.id, order.freeOfferId))
    const bump = order.bumpOfferId
      ? (
          await db
            .select({ headline: bumpOffers.headline, url: bumpOffers.url })
            .from(bumpOffers)
            .where(eq(bumpOffers.id, order.bumpOfferId))
        )[0]
      : undefined
    const upsell = order.upsellOfferId
      ? (
          await db
            .select({ headline: upsellOffers.headline, url: upsellOffers.url })
            .from(upsellOffers)
            .where(eq(upsellOffers.id, order.upsellOfferId))
        )[0]
      : undefined
    return offer ? { offer, bump, upsell } : undefined
  },
}
