import { QueryBuilder } from 'drizzle-orm/pg-core'
import { bumpOffers, freeOffers, upsellOffers } from './offers-tables.js'

const query = new QueryBuilder({ casing: 'snake_case' })

/*
 * The views of the offers that this module keeps for other modules' read models (docs/decisions/
 * 0028): the reports join them to name and filter funnel rows. Each is a plain subquery of one
 * table, which PostgreSQL flattens into the outer query, so a join through it plans exactly as a
 * join of the table (same indexes, no extra statement). Only the columns listed here are theirs to
 * read; the tables behind them stay this module's to change.
 */

/** A free offer: whose it is, its headline, and the add-ons it offers. */
export const freeOfferView = query
  .select({
    id: freeOffers.id,
    sellerId: freeOffers.sellerId,
    headline: freeOffers.headline,
    bumpOfferId: freeOffers.bumpOfferId,
    upsellOfferId: freeOffers.upsellOfferId,
  })
  .from(freeOffers)
  .as('free_offer_view')

/** A BUMP offer: its headline and the currency it charges in. */
export const bumpOfferView = query
  .select({ id: bumpOffers.id, headline: bumpOffers.headline, currency: bumpOffers.currency })
  .from(bumpOffers)
  .as('bump_offer_view')

/** An upsell offer: its headline and the currency it charges in. */
export const upsellOfferView = query
  .select({ id: upsellOffers.id, headline: upsellOffers.headline, currency: upsellOffers.currency })
  .from(upsellOffers)
  .as('upsell_offer_view')
