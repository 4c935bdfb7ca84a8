import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from '../../db/schema/columns.js'
import { freeOffers, upsellOffers } from '../offers/offers-tables.js'
import { orders } from '../orders/orders-tables.js'
import { sellers } from '../sellers/sellers-tables.js'

/**
 * Decision D34: the visitor's answer to each after-purchase step of an order, and its charge. One row
 * per (order, step), unique: whatever the clicks, replays and retries, a step is charged at most once.
 * `upsell_declined` waits for the downsell's answer, as does `upsell_failed` (the upsell's charge was
 * refused: the flow goes on as after a decline); `charging` is the one accept that won the row.
 */
export const postPurchaseStates = [
  'upsell_declined',
  'upsell_failed',
  'declined',
  'charging',
  'requires_action',
  'succeeded',
  'failed',
] as const

export const postPurchaseCharges = pgTable(
  'post_purchase_charges',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    step: smallint('step').notNull(),
    kind: text('kind', { enum: ['upsell', 'downsell'] }).notNull(),
    state: text('state', { enum: postPurchaseStates }).notNull(),
    offerId: uuid('offer_id').references(() => upsellOffers.id, { onDelete: 'set null' }),
    /** The server's price when the visitor accepted (null for a declined step). */
    amountCents: integer('amount_cents'),
    currency: smallint('currency'),
    provider: text('provider', { enum: ['local', 'stripe'] }),
    intentId: text('intent_id'),
    clientSecret: text('client_secret'),
    failureMessage: text('failure_message'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * Issue 26: a paid charge whose purchase email, CRM webhook and ad platforms' Purchase are not
     * queued yet. Set with `succeeded`, cleared by the `post-purchase-follow-ups` job in the
     * transaction that queues them, so each is queued once however often the job runs.
     */
    followUpsOwed: boolean('follow_ups_owed').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('post_purchase_charges_order_step_key').on(t.orderId, t.step),
    index('post_purchase_charges_seller_offer_idx').on(t.sellerId, t.offerId),
    // Deleting an OTO offer sets its charges' offer to null: without this, a scan of every charge.
    index('post_purchase_charges_offer_idx').on(t.offerId).where(sql`${t.offerId} is not null`),
  ],
)

/**
 * Issue 26: each after-purchase offer shown, once per (order, step, kind) however often the page is
 * reloaded: the "shown" of the funnel numbers, counted by the day it was first shown.
 */
export const postPurchaseShown = pgTable(
  'post_purchase_shown',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    freeOfferId: uuid('free_offer_id')
      .notNull()
      .references(() => freeOffers.id, { onDelete: 'cascade' }),
    step: smallint('step').notNull(),
    kind: text('kind', { enum: ['upsell', 'downsell'] }).notNull(),
    offerId: uuid('offer_id').references(() => upsellOffers.id, { onDelete: 'set null' }),
    shownAt: timestamp('shown_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('post_purchase_shown_order_step_kind_key').on(t.orderId, t.step, t.kind),
    index('post_purchase_shown_free_offer_idx').on(t.freeOfferId, t.shownAt),
    index('post_purchase_shown_offer_idx').on(t.offerId).where(sql`${t.offerId} is not null`),
  ],
)
