import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { freeOffers, leads, sellers } from '../../db/schema/index.js'

/** What recording a lead needs to know about its free offer: whose it is and what its download is. */
export type LeadOffer = { id: string; sellerId: string; headline: string; url: string; businessName: string; isActive: boolean }

export const leadRepository = {
  /** The free offer a visitor opts in to, with its seller's name for the download email; one query. */
  findOffer: async (db: Executor, id: string): Promise<LeadOffer | undefined> =>
    (
      await db
        .select({
          id: freeOffers.id,
          sellerId: freeOffers.sellerId,
          headline: freeOffers.headline,
          url: freeOffers.url,
          businessName: sellers.businessName,
          isActive: freeOffers.isActive,
        })
        .from(freeOffers)
        .innerJoin(sellers, eq(sellers.id, freeOffers.sellerId))
        .where(eq(freeOffers.id, id))
    )[0],

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

  /**
   * Claims the lead's one download email: true for exactly one caller, however many record the
   * same lead at once (the upsert holds the row lock, and a later claim sees the time set).
   */
  claimDownloadEmail: async (db: Executor, leadId: string, at: Date): Promise<boolean> =>
    (
      await db
        .update(leads)
        .set({ downloadSentAt: at })
        .where(and(eq(leads.id, leadId), isNull(leads.downloadSentAt)))
        .returning({ id: leads.id })
    ).length > 0,
}
