import { orderLineKinds, orderLineStatuses, orderStatuses } from '@funnelry/shared'
import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, smallint, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt, utmColumns } from '../../db/schema/columns.js'
import { splitVariants } from '../experiments/experiments-tables.js'
import { leads } from '../leads/leads-tables.js'
import { bumpOffers, freeOffers, upsellOffers } from '../offers/offers-tables.js'
import { sellers } from '../sellers/sellers-tables.js'

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
    /**
     * Decision D34: what the one-click charges after the first payment added (each also its own
     * order line). `amount_cents` stays the first payment's, which the provider's events carry.
     */
    postPurchaseCents: integer('post_purchase_cents').notNull().default(0),
    /**
     * Decision D35: how much of the order (first payment and post-purchase charges) was refunded;
     * its revenue is `amount_cents + post_purchase_cents - refunded_cents`.
     */
    refundedCents: integer('refunded_cents').notNull().default(0),
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
    /** The split-test variant the visitor saw (issue 27), whose bump and upsell priced the order; null outside a test. */
    variantId: uuid('variant_id').references(() => splitVariants.id, { onDelete: 'set null' }),
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
    index('orders_variant_idx').on(t.variantId).where(sql`${t.variantId} is not null`),
    index('orders_seller_source_created_idx')
      .on(t.sellerId, t.utmSource, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.utmSource} is not null`),
  ],
)

/**
 * Decision D35: one row per thing an order paid for. The first payment's lines (free, bump, upsell)
 * are written by the database in the statement that marks the order paid (trigger of migration
 * 0023), so no code path that pays an order can forget them; each post-purchase charge (D34) adds
 * its own through the orders module (`addPostPurchaseLine`). Headline, amount and currency are
 * kept as they were when paid: a later edit or deletion of the offer does not change a receipt.
 */
export const orderLines = pgTable(
  'order_lines',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: orderLineKinds }).notNull(),
    /** No foreign key: the line outlives its offer (the order's own references are set null). */
    offerId: uuid('offer_id'),
    headline: text('headline').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: smallint('currency').notNull(),
    status: text('status', { enum: orderLineStatuses }).notNull().default('paid'),
    /** The provider's payment this line was charged by (the order's intent, or a post-purchase charge); null for a free line. */
    paymentRef: text('payment_ref'),
    /** The provider's refund, once refunded. */
    refundRef: text('refund_ref'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // A line per thing bought: a repeated payment event or post-purchase accept writes nothing more.
    unique('order_lines_order_kind_offer_key').on(t.orderId, t.kind, t.offerId).nullsNotDistinct(),
    index('order_lines_payment_ref_idx').on(t.paymentRef),
  ],
)
