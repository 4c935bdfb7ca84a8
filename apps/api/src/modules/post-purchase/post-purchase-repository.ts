import { and, asc, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { postPurchaseCharges, postPurchaseShown } from './post-purchase-tables.js'

export type PostPurchaseRow = typeof postPurchaseCharges.$inferSelect
export type PostPurchaseState = PostPurchaseRow['state']
type Claim = Pick<PostPurchaseRow, 'orderId' | 'sellerId' | 'step' | 'kind' | 'offerId' | 'amountCents' | 'currency' | 'provider'>

const stepOf = (orderId: string, step: number) => and(eq(postPurchaseCharges.orderId, orderId), eq(postPurchaseCharges.step, step))

/**
 * Decision D34's rows: one per (order, step), unique. Every change is conditional on the state it
 * leaves, so of any number of concurrent presses exactly one moves a step forward.
 */
export const postPurchaseRepository = {
  forOrder: (db: Executor, orderId: string) =>
    db.select().from(postPurchaseCharges).where(eq(postPurchaseCharges.orderId, orderId)).orderBy(asc(postPurchaseCharges.step)),

  find: async (db: Executor, orderId: string, step: number) =>
    (await db.select().from(postPurchaseCharges).where(stepOf(orderId, step)))[0],

  /** The first answer to a step: stored only if the step had none (the unique row decides). */
  async insertFirst(db: Executor, values: Claim & { state: PostPurchaseState }) {
    const [row] = await db.insert(postPurchaseCharges).values(values).onConflictDoNothing().returning()
    return row
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
