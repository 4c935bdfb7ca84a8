import { eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { freeOffers, leads } from '../../db/schema/index.js'

export const leadRepository = {
  /** What lead capture needs to know about the offer a visitor opts in to. */
  findOffer: (db: Executor, id: string) =>
    db.query.freeOffers.findFirst({
      where: eq(freeOffers.id, id),
      columns: { id: true, sellerId: true, headline: true, isActive: true },
    }),

  /** One lead per offer and email: a repeat opt-in keeps the row and takes the latest name. */
  async upsert(db: Executor, values: { sellerId: string; freeOfferId: string; email: string; fullName: string; at: Date }) {
    // Plain SQL: the conflict target is the expression index on lower(email).
    const result = await db.execute<{ id: string; created_at: Date; inserted: boolean }>(sql`
      insert into ${leads} (seller_id, free_offer_id, email, full_name, created_at, updated_at)
      values (${values.sellerId}, ${values.freeOfferId}, ${values.email}, ${values.fullName}, ${values.at}, ${values.at})
      on conflict (free_offer_id, lower(email)) do update set full_name = excluded.full_name, updated_at = excluded.updated_at
      returning id, created_at, (xmax = 0) as inserted`)
    const row = result.rows[0]
    if (!row) throw new Error('the lead row was not stored')
    return { id: row.id, createdAt: new Date(row.created_at), inserted: row.inserted }
  },
}
