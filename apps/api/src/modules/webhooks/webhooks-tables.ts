import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from '../../db/schema/columns.js'
import { sellers } from '../sellers/sellers-tables.js'

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

/**
 * The seller's CRM webhook (spec section 5), owned by the webhooks module alone (docs/decisions/0022).
 * One row per seller, created on first use with its signing secret.
 */
export const crmWebhooks = pgTable('crm_webhooks', {
  sellerId: uuid('seller_id')
    .primaryKey()
    .references(() => sellers.id, { onDelete: 'cascade' }),
  url: text('url'),
  emailKey: text('email_key'),
  fullNameKey: text('full_name_key'),
  // Signs outgoing CRM webhooks (X-Signature); generated on first use, shown in Settings, never replaced.
  secret: text('secret'),
  updatedAt: updatedAt(),
})
