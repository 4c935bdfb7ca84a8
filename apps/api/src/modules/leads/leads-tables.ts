import { sql } from 'drizzle-orm'
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt, utmColumns } from '../../db/schema/columns.js'
import { splitVariants } from '../experiments/experiments-tables.js'
import { freeOffers } from '../offers/offers-tables.js'
import { sellers } from '../sellers/sellers-tables.js'

/** One lead per offer and email (the latest name kept). */
export const leads = pgTable(
  'leads',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    freeOfferId: uuid('free_offer_id')
      .notNull()
      .references(() => freeOffers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    /** When the free offer's download email was queued (decision D16: once per lead and offer). */
    downloadSentAt: timestamp('download_sent_at', { withTimezone: true }),
    /**
     * When this person first completed the free checkout (an order with nothing to pay, D11); a
     * repeat leaves it. `free_completion_daily_counts` counts it, so the funnel's free completions
     * are one per lead (docs/decisions/0005).
     */
    freeCompletedAt: timestamp('free_completed_at', { withTimezone: true }),
    /** The split-test variant the visitor saw when first opting in (issue 27); null outside a test. */
    variantId: uuid('variant_id').references(() => splitVariants.id, { onDelete: 'set null' }),
    /**
     * The visitor token of that variant's assignment cookie: one browser opting in with two emails
     * is two leads but one visitor, and a test's opt-ins count visitors (decision 0029).
     */
    splitVisitor: text('split_visitor'),
    ...utmColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('leads_offer_email_key').on(t.freeOfferId, sql`lower(${t.email})`),
    index('leads_seller_created_idx').on(t.sellerId, t.createdAt.desc(), t.id.desc()),
    // One offer's leads: its list filter, its CSV export and its opt-in count (docs/decisions/0005).
    index('leads_offer_created_idx').on(t.freeOfferId, t.createdAt.desc(), t.id.desc()),
    // Search by any part of a name or email: ILIKE '%x%' of 3+ characters (docs/decisions/0012).
    index('leads_full_name_trgm_idx').using('gin', t.fullName.op('gin_trgm_ops')),
    index('leads_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    // The lists' campaign and source filters (decision D37); direct visits are not indexed.
    index('leads_seller_campaign_created_idx')
      .on(t.sellerId, t.utmCampaign, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.utmCampaign} is not null`),
    index('leads_variant_idx').on(t.variantId).where(sql`${t.variantId} is not null`),
    index('leads_seller_source_created_idx')
      .on(t.sellerId, t.utmSource, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.utmSource} is not null`),
  ],
)

/**
 * Lead capture's follow-ups owed by one committed batch (docs/decisions/0011): the leads whose
 * `lead.created` webhook and whose download email are still to be queued. Written in the batch's
 * transaction with one job; the job's worker queues them and deletes the row in one transaction,
 * so each is queued exactly once however often the job runs.
 */
export const leadFollowUps = pgTable('lead_follow_ups', {
  id: id(),
  webhookLeadIds: uuid('webhook_lead_ids').array().notNull(),
  emailLeadIds: uuid('email_lead_ids').array().notNull(),
  createdAt: createdAt(),
})
