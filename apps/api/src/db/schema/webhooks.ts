import { pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { updatedAt } from './columns.js'
import { sellers } from './sellers.js'

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
