import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { postPurchaseCharges, postPurchaseShown } from './post-purchase-tables.js'

export type PostPurchaseRow = typeof postPurchaseCharges.$inferSelect
export type PostPurchaseState = PostPurchaseRow['state']
type Claim = Pick<PostPurchaseRow, 'orderId' | 'sellerId' | 'step' | 'kind' | 'offerId' | 'amountCents' | 'currency' | 'provider'>

/** A row as the database wrote it (snake_case columns), as the rows drizzle's own queries answer. */
function rowOfRaw(raw: Record<string, unknown>): PostPurchaseRow {
  const row: Record<string, unknown> = {}
  for (const [key, column] of Object.entries(getTableColumns(postPurchaseCharges))) {
    const value = raw[column.name]
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value)
  }
  return row as PostPurchaseRow
}

/** A claimed step's paid charge: the provider's intent that paid it. */
export type PaidStep = { orderId: string; step: number; intentId: string | null; clientSecret: string | null }

const stepOf = (orderId: string, step: number) => and(eq(postPurchaseCharges.orderId, orderId), eq(postPurchaseCharges.step, step))

/**
 * Decision D34's rows: one per (order, step), unique. Every change is conditional on the state it
 * leaves, so of any number of concurrent presses exactly one moves a step forward.
 */
export const postPurchaseRepository = {
  forOrder: (db: Executor, orderId: string) =>
    db.select().from(postPurchaseCharges).where(eq(postPurchaseCharges.orderId, orderId)).orderBy(asc(postPurchaseCharges.step)),

  /** `forOrder` of many orders at once (buyers pressing together), in step order within each. */
  forOrders: (db: Executor, orderIds: string[]) =>
    db
      .select()
      .from(postPurchaseCharges)
      .where(inArray(postPurchaseCharges.orderId, orderIds))
      .orderBy(asc(postPurchaseCharges.orderId), asc(postPurchaseCharges.step)),

  find: async (db: Executor, orderId: string, step: number) =>
    (await db.select().from(postPurchaseCharges).where(stepOf(orderId, step)))[0],

  /** The first answer to a step: stored only if the step had none (the unique row decides). */
  async insertFirst(db: Executor, values: Claim & { state: PostPurchaseState }) {
    const [row] = await db.insert(postPurchaseCharges).values(values).onConflictDoNothing().returning()
    return row
  },

  /**
   * `insertFirst` of many presses at once (issue 26: buyers accepting together), in one statement.
   * Answers the rows stored; a step named twice in the list, or already answered, is stored once.
   */
  insertFirstMany: (db: Executor, values: (Claim & { state: PostPurchaseState })[]) =>
    db.insert(postPurchaseCharges).values(values).onConflictDoNothing().returning(),

  /**
   * Many claimed steps paid at once, in one statement: each moves from `charging` to `succeeded`
   * (follow-ups owed) only if still `charging`, as `move` does. Answers the rows moved.
   */
  async markPaidMany(db: Executor, paid: PaidStep[], at: Date): Promise<PostPurchaseRow[]> {
    const rows = sql.join(
      paid.map((p) => sql`(${p.orderId}::uuid, ${p.step}::smallint, ${p.intentId}::text, ${p.clientSecret}::text)`),
      sql`, `,
    )
    const moved = await db.execute<Record<string, unknown>>(sql`
      with paid (order_id, step, intent_id, client_secret) as (values ${rows})
      update ${postPurchaseCharges} c
         set state = 'succeeded', paid_at = ${at}::timestamptz, follow_ups_owed = true,
             intent_id = p.intent_id, client_secret = p.client_secret, updated_at = now()
        from paid p
       where c.order_id = p.order_id and c.step = p.step and c.state = 'charging'
      returning c.*`)
    return moved.rows.map(rowOfRaw)
  },

  /** Moves a step from one state to another, only if it is still in the first: the row, or undefined when another press got there first. */
  async move(db: Executor, orderId: string, step: number, from: PostPurchaseState, values: Partial<PostPurchaseRow>) {
    const [row] = await db
      .update(postPurchaseCharges)
      .set({ ...values, updatedAt: new Date() })
      .where(and(stepOf(orderId, step), eq(postPurchaseCharges.state, from)))
      .returning()
    return row
  },

  /** Issue 26: the first time an offer of a step is on screen for an order; a reload changes nothing. */
  markShown: (db: Executor, values: typeof postPurchaseShown.$inferInsert) =>
    db.insert(postPurchaseShown).values(values).onConflictDoNothing(),

  /**
   * Issue 26: a paid charge's follow-ups, taken once: the row while they were still owed (now no
   * longer), or undefined when another run of the job already took them.
   */
  async takeFollowUps(db: Executor, chargeId: string) {
    const [row] = await db
      .update(postPurchaseCharges)
      .set({ followUpsOwed: false })
      .where(and(eq(postPurchaseCharges.id, chargeId), eq(postPurchaseCharges.followUpsOwed, true)))
      .returning()
    return row
  },

  /** A claim whose provider call failed before charging: the step is answerable again. */
  release: (db: Executor, orderId: string, step: number) =>
    db.delete(postPurchaseCharges).where(and(stepOf(orderId, step), eq(postPurchaseCharges.state, 'charging'))),
}
