import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from '../../db/schema/columns.js'
import { sellers } from '../sellers/sellers-tables.js'

/**
 * Server-side conversions (decisions D29-D31), owned by the conversions module alone. One settings
 * row per seller; the secrets are write-only through the API.
 */
export const conversionSettings = pgTable('conversion_settings', {
  sellerId: uuid('seller_id')
    .primaryKey()
    .references(() => sellers.id, { onDelete: 'cascade' }),
  metaPixelId: text('meta_pixel_id'),
  metaAccessToken: text('meta_access_token'),
  metaTestEventCode: text('meta_test_event_code'),
  ga4MeasurementId: text('ga4_measurement_id'),
  ga4ApiSecret: text('ga4_api_secret'),
  consentRequired: boolean('consent_required').notNull().default(false),
  updatedAt: updatedAt(),
})

/**
 * One event to one platform: unique per (seller, platform, event id), so an event is sent at most
 * once per platform however often it is triggered. `body` is what is sent, without the secrets
 * (they are read from the settings at send time).
 */
export const conversionDeliveries = pgTable(
  'conversion_deliveries',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: ['meta', 'google'] }).notNull(),
    eventName: text('event_name').notNull(),
    eventId: text('event_id').notNull(),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    statusCode: integer('status_code'),
    eventsReceived: integer('events_received'),
    fbtraceId: text('fbtrace_id'),
    /** The technical detail of the latest failure (the platform's own message, or the network error). */
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('conversion_deliveries_event_uq').on(t.sellerId, t.platform, t.eventId),
    index('conversion_deliveries_seller_created_idx').on(t.sellerId, t.createdAt.desc()),
  ],
)

/**
 * What the checkout's request said about the visitor (IP, user agent, cookies, consent), kept by
 * order id until the payment succeeds, which arrives without the visitor (a provider event).
 */
export const conversionVisitors = pgTable('conversion_visitors', {
  orderId: uuid('order_id').primaryKey(),
  visitor: jsonb('visitor').$type<Record<string, string | boolean | null>>().notNull(),
  createdAt: createdAt(),
})
