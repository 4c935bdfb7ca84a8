import { arrivalFrom, directUtm, type Utm, utmFields } from '@funnelry/shared'
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { type UtmRow, utmOfRow } from '../../lib/arrival.js'
import { leads } from './leads-tables.js'

const utmColumnList = sql.raw(utmFields.join(', '))
/**
 * A lead keeps the campaign that first brought it (decision D37); a repeat opt-in fills it only
 * when the lead had none, never mixing the fields of two arrivals.
 */
const keepFirstCampaign = sql.raw(
  utmFields
    .map(
      (field) =>
        `${field} = case when num_nonnulls(${utmFields.map((f) => `leads.${f}`).join(', ')}) = 0 then excluded.${field} else leads.${field} end`,
    )
    .join(', '),
)

export const leadRepository = {
  /** Split tests (issue 27): leads per variant, for the results. */
  /**
   * A split test's opt-ins per variant: its visitors who opted in, one per visitor token however many
   * emails they gave (decision 0029), so opt-ins never exceed visitors; a lead without a token (the
   * checkout's, or from before tokens) counts once.
   */
  async countByVariant(db: Executor, variantIds: string[]): Promise<Map<string, number>> {
    if (variantIds.length === 0) return new Map()
    const rows = await db
      .select({
        variantId: leads.variantId,
        value: sql<number>`count(distinct coalesce(${leads.splitVisitor}, ${leads.id}::text))`.mapWith(Number),
      })
      .from(leads)
      .where(inArray(leads.variantId, variantIds))
      .groupBy(leads.variantId)
    return new Map(rows.map((row) => [row.variantId ?? '', row.value]))
  },

  /** A free offer's leads, which keep it from being deleted (docs/decisions/0021). */
  countForOffer: async (db: Executor, freeOfferId: string): Promise<number> =>
    (await db.select({ value: count() }).from(leads).where(eq(leads.freeOfferId, freeOfferId)))[0]?.value ?? 0,

  /**
   * Many leads in one statement (lead capture's batches), one per offer and email as `upsert`; the
   * caller passes each offer and email once. A new lead's download email is claimed as it is
   * inserted (`downloadClaimed`). Rows go in offer and email order, so two batches that share
   * leads lock them in the same order and cannot deadlock each other.
   */
  async upsertMany(
    db: Executor,
    rows: ({
      sellerId: string
      freeOfferId: string
      email: string
      fullName: string
      variantId: string | null
      splitVisitor: string | null
    } & UtmRow)[],
    at: Date,
  ): Promise<{ id: string; freeOfferId: string; email: string; createdAt: Date; inserted: boolean; utm: Utm }[]> {
    const values = JSON.stringify(
      rows.map((row) => ({
        seller_id: row.sellerId,
        free_offer_id: row.freeOfferId,
        email: row.email,
        full_name: row.fullName,
        variant_id: row.variantId,
        split_visitor: row.splitVisitor,
        ...utmOfRow(row),
      })),
    )
    const result = await db.execute<{ id: string; free_offer_id: string; email: string; created_at: Date; inserted: boolean } & Utm>(sql`
      insert into ${leads} (seller_id, free_offer_id, email, full_name, variant_id, split_visitor, ${utmColumnList}, download_sent_at, created_at, updated_at)
      select seller_id, free_offer_id, email, full_name, variant_id, split_visitor, ${utmColumnList}, ${at}, ${at}, ${at}
        from jsonb_to_recordset(${values}::jsonb)
          as t(seller_id uuid, free_offer_id uuid, email text, full_name text, variant_id uuid, split_visitor text, ${sql.raw(utmFields.map((field) => `${field} text`).join(', '))})
        order by free_offer_id, lower(email)
      on conflict (free_offer_id, lower(email)) do update set full_name = excluded.full_name, updated_at = excluded.updated_at,
        split_visitor = case when leads.variant_id is null then excluded.split_visitor else leads.split_visitor end,
        variant_id = coalesce(leads.variant_id, excluded.variant_id), ${keepFirstCampaign}
      returning id, free_offer_id, email, created_at, (xmax = 0) as inserted, ${utmColumnList}`)
    return result.rows.map((row) => ({
      id: row.id,
      freeOfferId: row.free_offer_id,
      email: row.email,
      createdAt: new Date(row.created_at),
      inserted: row.inserted,
      utm: arrivalFrom((field) => row[field]) ?? directUtm,
    }))
  },

  /**
   * Claims the download email of leads that already existed: the ids whose email this caller
   * queues, exactly one caller each however many record the same lead at once (the upsert holds
   * the row lock, and a later claim sees the time set).
   */
  async claimDownloadEmails(db: Executor, leadIds: string[], at: Date): Promise<Set<string>> {
    if (leadIds.length === 0) return new Set()
    const claimed = await db
      .update(leads)
      .set({ downloadSentAt: at })
      .where(and(inArray(leads.id, leadIds), isNull(leads.downloadSentAt)))
      .returning({ id: leads.id })
    return new Set(claimed.map((row) => row.id))
  },
  /**
   * Notes the lead's first free checkout completion (decision D11): a repeat leaves the first, so
   * the funnel counts the person once (its counter moves by a trigger at COMMIT, migration 0015).
   */
  async markFreeCompletion(db: Executor, leadId: string, at: Date): Promise<void> {
    await db
      .update(leads)
      .set({ freeCompletedAt: at })
      .where(and(eq(leads.id, leadId), isNull(leads.freeCompletedAt)))
  },
}
