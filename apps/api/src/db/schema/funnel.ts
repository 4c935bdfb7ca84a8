import { orderStatuses } from '@funnelry/shared'
import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt, utmColumns } from './columns.js'
import { bumpOffers, freeOffers, upsellOffers } from './offers.js'
import { sellers } from './sellers.js'

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

/** An order per payment intent; the amount is always computed by the server. */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    freeOfferId: uuid('free_offer_id')
      .notNull()
      .references(() => freeOffers.id, { onDelete: 'cascade' }),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    /** Null only while the order is a draft (decision D20). */
    fullName: text('full_name'),
    email: text('email'),
    bumpOfferId: uuid('bump_offer_id').references(() => bumpOffers.id, { onDelete: 'set null' }),
    upsellOfferId: uuid('upsell_offer_id').references(() => upsellOffers.id, { onDelete: 'set null' }),
    upsellShown: boolean('upsell_shown').notNull().default(false),
    /** What the bump and the upsell cost when the order was priced (the receipt lists them). */
    bumpPriceCents: integer('bump_price_cents'),
    upsellPriceCents: integer('upsell_price_cents'),
    amountCents: integer('amount_cents').notNull(),
    currency: smallint('currency').notNull(),
    /** The statuses sellers see, and `draft` (decision D20: never listed, counted or emailed). */
    status: text('status', { enum: ['draft', ...orderStatuses] })
      .notNull()
      .default('pending'),
    provider: text('provider', { enum: ['local', 'stripe', 'none'] }).notNull(),
    intentId: text('intent_id').notNull(),
    /**
     * The thank-you page's reference (docs/decisions/0008): random, never the order id, readable
     * until `receipt_expires_at`. Null while the order is a draft.
     */
    receiptToken: text('receipt_token'),
    receiptExpiresAt: timestamp('receipt_expires_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    ...utmColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_intent_key').on(t.intentId),
    uniqueIndex('orders_receipt_key').on(t.receiptToken),
    // The abandonment sweep reads only unpaid orders, oldest change first (decision D20).
    index('orders_unpaid_updated_idx').on(t.updatedAt).where(sql`${t.status} in ('draft', 'pending', 'failed')`),
    index('orders_seller_created_idx').on(t.sellerId, t.createdAt.desc(), t.id.desc()),
    // One offer's orders: its list filter and its funnel numbers (docs/decisions/0005).
    index('orders_offer_created_idx').on(t.freeOfferId, t.createdAt.desc(), t.id.desc()),
    // The latest paid order of an offer picks the currency its revenue is shown in.
    index('orders_offer_paid_created_idx')
      .on(t.freeOfferId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'paid' and ${t.amountCents} > 0`),
    // Deleting a lead, bump or upsell walks the orders that point at it (ON DELETE SET NULL).
    index('orders_lead_idx').on(t.leadId).where(sql`${t.leadId} is not null`),
    index('orders_bump_offer_idx').on(t.bumpOfferId).where(sql`${t.bumpOfferId} is not null`),
    index('orders_upsell_offer_idx').on(t.upsellOfferId).where(sql`${t.upsellOfferId} is not null`),
    index('orders_full_name_trgm_idx').using('gin', t.fullName.op('gin_trgm_ops')),
    index('orders_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('orders_seller_campaign_created_idx')
      .on(t.sellerId, t.utmCampaign, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.utmCampaign} is not null`),
    index('orders_seller_source_created_idx')
      .on(t.sellerId, t.utmSource, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.utmSource} is not null`),
  ],
)

/** The local test provider's own intents (the `local` provider keeps its state here). */
export const localPaymentIntents = pgTable('local_payment_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull().unique(),
  accountId: text('account_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  status: text('status', {
    enum: ['requires_payment_method', 'processing', 'succeeded', 'canceled'],
  }).notNull(),
  lastError: text('last_error'),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  idempotencyKey: text('idempotency_key').unique(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

/** An outgoing CRM webhook and its attempts (the delivery log). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    url: text('url').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_deliveries_seller_created_idx').on(t.sellerId, t.createdAt.desc())],
)

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: id(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.createdAt)],
)
