import { sql } from 'drizzle-orm'
import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from '../../db/schema/columns.js'
import { bumpOffers, freeOffers, upsellOffers } from '../offers/offers-tables.js'
import { sellers } from '../sellers/sellers-tables.js'

/**
 * A split test of a free offer's page (issue 27, decision D36): at most one running per offer.
 * The minimum run is set when it starts; `ended_at` and `winner_variant_id` when the seller picks
 * the page to keep (docs/decisions/split-tests.md).
 */
export const splitTests = pgTable(
  'split_tests',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    freeOfferId: uuid('free_offer_id')
      .notNull()
      .references(() => freeOffers.id, { onDelete: 'cascade' }),
    minimumDays: integer('minimum_days').notNull(),
    minimumVisitors: integer('minimum_visitors').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    winnerVariantId: uuid('winner_variant_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('split_tests_running_offer_key').on(t.freeOfferId).where(sql`${t.endedAt} is null`),
    index('split_tests_offer_started_idx').on(t.freeOfferId, t.startedAt.desc()),
    // Deleting a seller cascades here; each foreign key has an index (db/foreign-key-indexes.test.ts).
    index('split_tests_seller_idx').on(t.sellerId),
  ],
)

/**
 * The arms of a split test: the control (the page as it is, `is_control`, its content read from
 * the offer while the test runs; stored here when it ends, so the ended test keeps the page it
 * started from) and the variants, each a copy of the page's content with some fields changed.
 * `weight` is the whole percentage of visitors the arm gets; a test's weights add up to 100.
 */
export const splitVariants = pgTable(
  'split_variants',
  {
    id: id(),
    splitTestId: uuid('split_test_id')
      .notNull()
      .references(() => splitTests.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    freeOfferId: uuid('free_offer_id')
      .notNull()
      .references(() => freeOffers.id, { onDelete: 'cascade' }),
    isControl: boolean('is_control').notNull().default(false),
    name: text('name').notNull(),
    weight: integer('weight').notNull(),
    headline: text('headline'),
    subHeadline: text('sub_headline'),
    optInButton: text('opt_in_button'),
    bumpOfferId: uuid('bump_offer_id').references(() => bumpOffers.id, { onDelete: 'set null' }),
    upsellOfferId: uuid('upsell_offer_id').references(() => upsellOffers.id, { onDelete: 'set null' }),
    // The variant's own image (a storage key, as the offer's); null shows the page's image.
    assetImage: text('asset_image'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('split_variants_test_idx').on(t.splitTestId, t.createdAt),
    index('split_variants_seller_idx').on(t.sellerId),
    index('split_variants_offer_idx').on(t.freeOfferId),
    index('split_variants_bump_idx').on(t.bumpOfferId).where(sql`${t.bumpOfferId} is not null`),
    index('split_variants_upsell_idx').on(t.upsellOfferId).where(sql`${t.upsellOfferId} is not null`),
  ],
)

/**
 * New visitors per variant and UTC hour, counted by the page view call the first time a visitor
 * views its variant (a single upsert, as `offer_daily_views`): the results read a few rows per day.
 */
export const splitHourlyVisitors = pgTable(
  'split_hourly_visitors',
  {
    variantId: uuid('variant_id')
      .notNull()
      .references(() => splitVariants.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    visitors: bigint('visitors', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.variantId, t.hour] })],
)

/**
 * The visitors already counted, by the random token of their assignment cookie: the view call
 * counts a visitor only when its row is new, so a reload before the first view call answered, or
 * several views at once, count one visitor (docs/decisions/split-tests.md).
 */
export const splitCountedVisitors = pgTable(
  'split_counted_visitors',
  {
    variantId: uuid('variant_id')
      .notNull()
      .references(() => splitVariants.id, { onDelete: 'cascade' }),
    visitor: text('visitor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.variantId, t.visitor] })],
)
