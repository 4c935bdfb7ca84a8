import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { Database } from '../../../db/client.js'
import { PaymentError } from '../../../lib/errors.js'
import { localPaymentIntents, localRefunds } from '../payments-tables.js'
import type { Refund, RefundRequest } from './provider.js'

/**
 * The local provider's refunds (decision D35), with Stripe's rules: only a succeeded payment of the
 * same account, never more in all than it charged, and one refund per idempotency key (a repeat
 * answers the first). The intent's row is locked while the total is checked, so two different
 * refunds of one payment cannot both pass the check.
 */
export async function refundLocalPayment(db: Database, request: RefundRequest): Promise<Refund> {
  return db.transaction(async (tx) => {
    const [intent] = await tx.select().from(localPaymentIntents).where(eq(localPaymentIntents.id, request.intentId)).for('update')
    if (!intent || intent.accountId !== request.accountId) throw new PaymentError('This payment was not found.', 404)
    const [earlier] = await tx.select().from(localRefunds).where(eq(localRefunds.idempotencyKey, request.idempotencyKey))
    if (earlier) return { id: earlier.id, amountCents: earlier.amountCents, status: 'succeeded' }
    if (intent.status !== 'succeeded') throw new PaymentError('This payment has not succeeded, so it cannot be refunded.')
    const [given] = await tx
      .select({ cents: sql<number>`coalesce(sum(${localRefunds.amountCents}), 0)::int` })
      .from(localRefunds)
      .where(eq(localRefunds.intentId, intent.id))
    if (request.amountCents <= 0 || (given?.cents ?? 0) + request.amountCents > intent.amountCents) {
      throw new PaymentError('The refund is more than what is left of this payment.')
    }
    const id = `re_local_${randomBytes(12).toString('hex')}`
    await tx
      .insert(localRefunds)
      .values({ id, intentId: intent.id, amountCents: request.amountCents, idempotencyKey: request.idempotencyKey })
    return { id, amountCents: request.amountCents, status: 'succeeded' }
  })
}
