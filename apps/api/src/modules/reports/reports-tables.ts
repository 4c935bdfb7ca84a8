import { bigint, date, index, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { freeOffers } from '../offers/offers-tables.js'

/**
 * Page views of a free offer, one row per offer and UTC day (docs/decisions/0005): a view is an
 * upsert of one counter, so the stats read a few hundred rows, never one row per visit.
 */
export const offerDailyViews = pgTable(
  'offer_daily_views',
  {
    freeOfferId: uuid('free_offer_id')
      .notNull()
      .references(() => freeOffers.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.freeOfferId, t.day] })],
)

/**
 * Leads per seller, free offer and UTC day, kept by a trigger on `leads` in the same transaction
 * as every insert, delete and move (docs/decisions/0012). The lead list's count (with the free
 * offer and date filters) and the funnel's opt-ins are sums of a few hundred of these rows, however
 * many leads there are.
 */
export const leadDailyCounts = pgTable(
  'lead_daily_counts',
  {
    sellerId: uuid('seller_id').notNull(),
    freeOfferId: uuid('free_offer_id')
      .notNull()
      .references(() => freeOffers.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    leads: bigint('leads', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'lead_daily_counts_pkey', columns: [t.sellerId, t.freeOfferId, t.day] }),
    index('lead_daily_counts_offer_day_idx').on(t.freeOfferId, t.day),
  ],
)

/**
 * Leads that first completed the free checkout, per seller, free offer and UTC day of
 * `leads.free_completed_at`, kept by a trigger on `leads` (deferred to COMMIT like the lead counter's):
 * the funnel's free completions sum these rows instead of counting people over orders.
 */
export const freeCompletionDailyCounts = pgTable(
  'free_completion_daily_counts',
  {
    sellerId: uuid('seller_id').notNull(),
    freeOfferId: uuid('free_offer_id')
      .notNull()
      .references(() => freeOffers.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    completers: bigint('completers', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'free_completion_daily_counts_pkey', columns: [t.sellerId, t.freeOfferId, t.day] }),
    index('free_completion_daily_counts_offer_day_idx').on(t.freeOfferId, t.day),
  ],
)

/**
 * Listed orders (with the visitor's details, decision D20) per seller, free offer, UTC day, status
 * and currency, kept by a trigger on `orders` like `lead_daily_counts`. Each column is what the
 * order list's count and the funnel numbers (decision D21) add up.
 */
export const orderDailyCounts = pgTable(
  'order_daily_counts',
  {
    sellerId: uuid('seller_id').notNull(),
    freeOfferId: uuid('free_offer_id')
      .notNull()
      .references(() => freeOffers.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    currency: smallint('currency').notNull(),
    orders: bigint('orders', { mode: 'number' }).notNull().default(0),
    /** Orders with an amount above zero (the rest are free completions when paid). */
    priced: bigint('priced', { mode: 'number' }).notNull().default(0),
    withBump: bigint('with_bump', { mode: 'number' }).notNull().default(0),
    /** Shown the upsell, or holding it (an order with the upsell was shown it). */
    upsellShown: bigint('upsell_shown', { mode: 'number' }).notNull().default(0),
    withUpsell: bigint('with_upsell', { mode: 'number' }).notNull().default(0),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'order_daily_counts_pkey', columns: [t.sellerId, t.freeOfferId, t.day, t.status, t.currency] }),
    index('order_daily_counts_offer_day_idx').on(t.freeOfferId, t.day),
  ],
)

/**
 * Decision D37: a free offer's funnel per UTC hour and campaign (source and campaign name, '' when
 * direct), kept by triggers on `leads` and `orders` (at COMMIT, like the daily counters) and by the
 * view counter. Hours, not days, so that any time zone's days are sums of whole rows; a month is at
 * most 720 rows per campaign, whatever the traffic (docs/decisions/campaign-attribution.md).
 * `currency` is 0 on rows of views and leads, the order's currency on rows of orders.
 */
export const funnelHourlyCounts = pgTable(
  'funnel_hourly_counts',
  {
    freeOfferId: uuid('free_offer_id')
      .notNull()
      .references(() => freeOffers.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    utmSource: text('utm_source').notNull().default(''),
    utmCampaign: text('utm_campaign').notNull().default(''),
    currency: smallint('currency').notNull().default(0),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
    optIns: bigint('opt_ins', { mode: 'number' }).notNull().default(0),
    /** Listed orders (not drafts), whatever their status. */
    orders: bigint('orders', { mode: 'number' }).notNull().default(0),
    paidOrders: bigint('paid_orders', { mode: 'number' }).notNull().default(0),
    freeOrders: bigint('free_orders', { mode: 'number' }).notNull().default(0),
    completedWithBump: bigint('completed_with_bump', { mode: 'number' }).notNull().default(0),
    completedUpsellShown: bigint('completed_upsell_shown', { mode: 'number' }).notNull().default(0),
    completedWithUpsell: bigint('completed_with_upsell', { mode: 'number' }).notNull().default(0),
    freeCompleters: bigint('free_completers', { mode: 'number' }).notNull().default(0),
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.freeOfferId, t.hour, t.utmSource, t.utmCampaign, t.currency] })],
)

/**
 * The same counters per UTC day (migration 0026), added to by the same upsert as the hourly row
 * (`funnel_hourly_add`). A range reads its whole UTC days here and only the hours a time zone's
 * midnight cuts from `funnel_hourly_counts`: 4 months are about 120 rows per campaign instead of
 * 2,900 (docs/decisions/campaign-attribution.md).
 */
export const funnelDailyCounts = pgTable(
  'funnel_daily_counts',
  {
    freeOfferId: uuid('free_offer_id')
      .notNull()
      .references(() => freeOffers.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    utmSource: text('utm_source').notNull().default(''),
    utmCampaign: text('utm_campaign').notNull().default(''),
    currency: smallint('currency').notNull().default(0),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
    optIns: bigint('opt_ins', { mode: 'number' }).notNull().default(0),
    orders: bigint('orders', { mode: 'number' }).notNull().default(0),
    paidOrders: bigint('paid_orders', { mode: 'number' }).notNull().default(0),
    freeOrders: bigint('free_orders', { mode: 'number' }).notNull().default(0),
    completedWithBump: bigint('completed_with_bump', { mode: 'number' }).notNull().default(0),
    completedUpsellShown: bigint('completed_upsell_shown', { mode: 'number' }).notNull().default(0),
    completedWithUpsell: bigint('completed_with_upsell', { mode: 'number' }).notNull().default(0),
    freeCompleters: bigint('free_completers', { mode: 'number' }).notNull().default(0),
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.freeOfferId, t.day, t.utmSource, t.utmCampaign, t.currency] })],
)

/**
 * The daily series' figures per UTC hour without the campaign (migration 0026), added to by the
 * same upsert: a time zone other than UTC cuts its days at hours, and this table holds one or two
 * rows an hour (views and leads; paid orders per currency) where `funnel_hourly_counts` holds one
 * per campaign (docs/decisions/campaign-attribution.md).
 */
export const funnelHourlyTotals = pgTable(
  'funnel_hourly_totals',
  {
    freeOfferId: uuid('free_offer_id')
      .notNull()
      .references(() => freeOffers.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    currency: smallint('currency').notNull().default(0),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
    optIns: bigint('opt_ins', { mode: 'number' }).notNull().default(0),
    paidOrders: bigint('paid_orders', { mode: 'number' }).notNull().default(0),
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.freeOfferId, t.hour, t.currency] })],
)
