import { bigint, date, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core'
import { freeOffers } from './offers.js'

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
