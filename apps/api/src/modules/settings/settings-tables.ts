import { sql } from 'drizzle-orm'
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from '../../db/schema/columns.js'
import { freeOffers } from '../offers/offers-tables.js'
import { sellers } from '../sellers/sellers-tables.js'

/** The company links of a seller, one row created on first save (the CRM webhook is `crm_webhooks`). */
export const storeSettings = pgTable('store_settings', {
  sellerId: uuid('seller_id')
    .primaryKey()
    .references(() => sellers.id, { onDelete: 'cascade' }),
  privacyPolicy: text('privacy_policy'),
  termsAndConditions: text('terms_and_conditions'),
  supportLink: text('support_link'),
  updatedAt: updatedAt(),
})

export const sellerDomains = pgTable(
  'seller_domains',
  {
    sellerId: uuid('seller_id')
      .primaryKey()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    // Stored normalised: lower case host name, no scheme, port or path.
    domain: text('domain').notNull(),
    // Proof of ownership (docs/decisions/0004): the TXT record `_funnelry.<domain>` must hold
    // `funnelry-verify=<token>`. One random token per seller, kept while the seller has a domain.
    verificationToken: text('verification_token').notNull(),
    status: text('status', { enum: ['pending', 'verified', 'failed'] })
      .notNull()
      .default('pending'),
    failureReason: text('failure_reason'),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    // What the root `/` of the verified domain shows; cleared when the offer is deleted.
    defaultOfferId: uuid('default_offer_id').references(() => freeOffers.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  // Several sellers may claim a domain while they prove it; only one can hold it verified.
  (t) => [
    index('seller_domains_domain_idx').on(t.domain),
    // A deleted offer clears the domains that open on it (decision 0012: every foreign key has an index).
    index('seller_domains_default_offer_idx').on(t.defaultOfferId),
    uniqueIndex('seller_domains_verified_domain_key').on(t.domain).where(sql`${t.status} = 'verified'`),
  ],
)

export const advertisingPixels = pgTable(
  'advertising_pixels',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    pixelType: text('pixel_type', { enum: ['facebook', 'google'] }).notNull(),
    script: text('script').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('advertising_pixels_seller_idx').on(t.sellerId, t.createdAt)],
)
