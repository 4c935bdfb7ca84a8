import { eq, inArray, sql } from 'drizzle-orm'
import type { Database, Executor } from '../../db/client.js'
import { firstRow } from '../../db/first-row.js'
import { conversionVisitors } from './conversions-tables.js'
import type { VisitorContext } from './visitor-context.js'

const isVisitor = (value: Record<string, unknown>): value is VisitorContext =>
  typeof value.gaClientId === 'string' && typeof value.consent === 'boolean'

/**
 * The checkout's visitor, by order id: the payment succeeds later, in a provider event that
 * knows nothing of the visitor, and its Purchase event needs their IP, user agent and cookies.
 * The latest checkout call for an order wins (the visitor may accept the consent banner meanwhile).
 */
export function checkoutVisitors(db: Database) {
  return {
    async remember(orderId: string, visitor: VisitorContext) {
      await db
        .insert(conversionVisitors)
        .values({ orderId, visitor })
        .onConflictDoUpdate({ target: conversionVisitors.orderId, set: { visitor: sql`excluded.visitor` } })
    },
    async find(tx: Executor, orderId: string): Promise<VisitorContext | undefined> {
      const row = await firstRow(tx.select().from(conversionVisitors).where(eq(conversionVisitors.orderId, orderId)))
      return row && isVisitor(row.visitor) ? row.visitor : undefined
    },
    /** Many orders' visitors at once (a batch of paid orders), by order id. */
    async findMany(tx: Executor, orderIds: string[]): Promise<Map<string, VisitorContext>> {
      if (orderIds.length === 0) return new Map()
      const rows = await tx.select().from(conversionVisitors).where(inArray(conversionVisitors.orderId, orderIds))
      return new Map(rows.flatMap((row) => (isVisitor(row.visitor) ? [[row.orderId, row.visitor] as const] : [])))
    },
  }
}
export type CheckoutVisitors = ReturnType<typeof checkoutVisitors>
