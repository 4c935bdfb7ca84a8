import type { AfterPurchaseStep } from '@funnelry/shared'
import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from '../../db/schema/columns.js'
import { sellers } from '../sellers/sellers-tables.js'

/**
 * When the seller archived the offer (docs/decisions/0021): it leaves their lists and the public
 * pages but keeps its leads and orders; null while it is in use.
 */
const archivedAt = () => timestamp('archived_at', { withTimezone: true })

const sellerRef = () =>
  uuid('seller_id')
    .notNull()
    .references(() => sellers.id, { onDelete: 'cascade' })

// Money is integer minor units (cents); images are storage keys, not URLs.
export const bumpOffers = pgTable(
  'bump_offers',
  {
    id: id(),
    sellerId: sellerRef(),
    headline: text('headline'),
    description: text('description'),
    url: text('url').notNull(),
    assetImage: text('asset_image'),
    currency: smallint('currency').notNull().default(1),
    oldPriceCents: integer('old_price_cents'),
    priceCents: integer('price_cents'),
    archivedAt: archivedAt(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('bump_offers_seller_created_idx').on(t.sellerId, t.createdAt.desc(), t.id.desc())],
)

export const upsellOffers = pgTable(
  'upsell_offers',
  {
    id: id(),
    sellerId: sellerRef(),
    headline: text('headline').notNull(),
    videoUrl: text('video_url'),
    description: text('description'),
    url: text('url').notNull(),
    assetImage: text('asset_image'),
    logo: text('logo'),
    optInButton: text('opt_in_button').notNull(),
    priceCents: integer('price_cents').notNull(),
    currency: smallint('currency').notNull().default(1),
    archivedAt: archivedAt(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('upsell_offers_seller_created_idx').on(t.sellerId, t.createdAt.desc(), t.id.desc())],
)

export const freeOffers = pgTable(
  'free_offers',
  {
    id: id(),
    sellerId: sellerRef(),
    headline: text('headline').notNull(),
    subHeadline: text('sub_headline'),
    url: text('url').notNull(),
    optInButton: text('opt_in_button').notNull(),
    assetImage: text('asset_image'),
    logo: text('logo'),
    isActive: boolean('is_active').notNull().default(true),
    bumpOfferId: uuid('bump_offer_id').references(() => bumpOffers.id, { onDelete: 'set null' }),
    upsellOfferId: uuid('upsell_offer_id').references(() => upsellOffers.id, { onDelete: 'set null' }),
    /** Decision D34: the one-click steps after the payment (OTO offer ids; a deleted one is skipped). */
    afterPurchase: jsonb('after_purchase').$type<AfterPurchaseStep[]>().notNull().default([]),
    archivedAt: archivedAt(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('free_offers_seller_created_idx').on(t.sellerId, t.createdAt.desc(), t.id.desc()),
    index('free_offers_bump_idx').on(t.bumpOfferId).where(sql`${t.bumpOfferId} is not null`),
    index('free_offers_upsell_idx').on(t.upsellOfferId).where(sql`${t.upsellOfferId} is not null`),
  ],
)
