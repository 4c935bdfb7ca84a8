import { randomBytes } from 'node:crypto'
import { inArray } from 'drizzle-orm'
import type { Executor } from '../../../db/client.js'
import { insertRows } from '../../../db/insert-rows.js'
import { localPaymentIntents } from '../payments-tables.js'

export type LocalIntentRow = typeof localPaymentIntents.$inferSelect
/** A new intent as its caller describes it: the id and client secret are made here. */
export type NewLocalIntent = Omit<typeof localPaymentIntents.$inferInsert, 'id' | 'clientSecret'> & { idempotencyKey: string }

export const localToken = (bytes: number) => randomBytes(bytes).toString('base64url').replace(/[-_]/g, '0')

/**
 * The local provider's intents, stored once per idempotency key, many in one statement (requests
 * made together: checkouts, one-click charges). A key stored before answers with the intent its
 * first request created and stores nothing new, as Stripe does. The rows, by key.
 */
export async function storeIntentsOnce(db: Executor, intents: NewLocalIntent[]): Promise<Map<string, LocalIntentRow>> {
  const byKey = new Map<string, LocalIntentRow>()
  if (intents.length === 0) return byKey
  const created = await insertRows(
    db,
    localPaymentIntents,
    intents.map((intent) => {
      const id = `pi_local_${localToken(18)}`
      return { ...intent, id, clientSecret: `${id}_secret_${localToken(18)}` }
    }),
  )
    .onConflictDoNothing({ target: localPaymentIntents.idempotencyKey })
    .returning()
  for (const row of created) if (row.idempotencyKey) byKey.set(row.idempotencyKey, row)
  const repeated = intents.map((intent) => intent.idempotencyKey).filter((key) => !byKey.has(key))
  if (repeated.length > 0) {
    const earlier = await db.select().from(localPaymentIntents).where(inArray(localPaymentIntents.idempotencyKey, repeated))
    for (const row of earlier) if (row.idempotencyKey) byKey.set(row.idempotencyKey, row)
  }
  return byKey
}
