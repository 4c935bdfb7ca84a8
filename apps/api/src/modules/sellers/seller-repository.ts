import { asc, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { firstRow } from '../../db/first-row.js'
import { businessIndustries, invitations, sellers, staffMemberOptions } from './sellers-tables.js'

export type SellerRow = typeof sellers.$inferSelect
export type NewSeller = typeof sellers.$inferInsert
export type InvitationRow = typeof invitations.$inferSelect

export const sellerRepository = {
  findByEmail: (db: Executor, email: string) => firstRow(db.select().from(sellers).where(sql`lower(${sellers.email}) = lower(${email})`)),

  findById: (db: Executor, id: string) => firstRow(db.select().from(sellers).where(eq(sellers.id, id))),

  /** Business names by seller id, one statement for any number of sellers. */
  async businessNames(db: Executor, ids: string[]): Promise<Map<string, string>> {
    const unique = [...new Set(ids)]
    if (unique.length === 0) return new Map()
    const rows = await db.select({ id: sellers.id, businessName: sellers.businessName }).from(sellers).where(inArray(sellers.id, unique))
    return new Map(rows.map((row) => [row.id, row.businessName]))
  },

  /** Decision D14: the payment question's Yes/No answer lives on the seller. */
  setHasStripeAccount: (db: Executor, id: string, hasStripeAccount: boolean, at: Date) =>
    db.update(sellers).set({ hasStripeAccount, updatedAt: at }).where(eq(sellers.id, id)),

  setPasswordHash: (db: Executor, id: string, passwordHash: string, at: Date) =>
    db.update(sellers).set({ passwordHash, updatedAt: at }).where(eq(sellers.id, id)),

  async insert(db: Executor, values: NewSeller): Promise<SellerRow> {
    const [row] = await db.insert(sellers).values(values).returning()
    if (!row) throw new Error('the seller row was not stored')
    return row
  },

  industries: async (db: Executor) =>
    (await db.select({ name: businessIndustries.name }).from(businessIndustries).orderBy(asc(businessIndustries.position))).map(
      (r) => r.name,
    ),

  staffMembers: async (db: Executor) =>
    (await db.select({ label: staffMemberOptions.label }).from(staffMemberOptions).orderBy(asc(staffMemberOptions.position))).map(
      (r) => r.label,
    ),
}

export const invitationRepository = {
  /** Locks the row so two sign-ups with one link cannot both succeed. */
  findByTokenHashForUpdate: async (db: Executor, tokenHash: string) =>
    (await db.select().from(invitations).where(eq(invitations.tokenHash, tokenHash)).for('update'))[0],

  findByTokenHash: (db: Executor, tokenHash: string) => firstRow(db.select().from(invitations).where(eq(invitations.tokenHash, tokenHash))),

  async insert(db: Executor, values: typeof invitations.$inferInsert): Promise<InvitationRow> {
    const [row] = await db.insert(invitations).values(values).returning()
    if (!row) throw new Error('the invitation row was not stored')
    return row
  },

  /** A new invitation replaces any earlier unused one for the same email. */
  revokePending: (db: Executor, email: string, at: Date) =>
    db
      .update(invitations)
      .set({ revokedAt: at })
      .where(sql`lower(${invitations.email}) = lower(${email}) and ${invitations.usedAt} is null and ${invitations.revokedAt} is null`),

  markUsed: (db: Executor, id: string, at: Date) => db.update(invitations).set({ usedAt: at }).where(eq(invitations.id, id)),
}
