import { inArray, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import type { BusinessNames } from '../sellers/sellers-module.js'
import { bumpOffers, freeOffers, upsellOffers } from './offers-tables.js'

/** The offers asked for, by kind. */
export type OfferLinkIds = { free?: string[]; bump?: string[]; upsell?: string[] }

const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((row) => [row.id, row]))
const unique = (ids: string[] | undefined) => [...new Set(ids ?? [])]

/**
 * What other modules name an offer by (a receipt, a download or purchase email, a CRM follow-up):
 * its seller, title and link, and for a free offer whether it takes leads now (active and not
 * archived, docs/decisions/0021). Many ids at once, one statement per kind asked for, in the
 * caller's executor, so inside a transaction it reads what that transaction sees (decision 0028).
 */
export async function findOfferLinks(executor: Executor, ids: OfferLinkIds) {
  const [freeIds, bumpIds, upsellIds] = [unique(ids.free), unique(ids.bump), unique(ids.upsell)]
  // One after another: inside a transaction they share one connection.
  const free =
    freeIds.length === 0
      ? []
      : await executor
          .select({
            id: freeOffers.id,
            sellerId: freeOffers.sellerId,
            headline: freeOffers.headline,
            url: freeOffers.url,
            isActive: sql<boolean>`${freeOffers.isActive} and ${freeOffers.archivedAt} is null`,
          })
          .from(freeOffers)
          .where(inArray(freeOffers.id, freeIds))
  const bump =
    bumpIds.length === 0
      ? []
      : await executor
          .select({ id: bumpOffers.id, sellerId: bumpOffers.sellerId, headline: bumpOffers.headline, url: bumpOffers.url })
          .from(bumpOffers)
          .where(inArray(bumpOffers.id, bumpIds))
  const upsell =
    upsellIds.length === 0
      ? []
      : await executor
          .select({ id: upsellOffers.id, sellerId: upsellOffers.sellerId, headline: upsellOffers.headline, url: upsellOffers.url })
          .from(upsellOffers)
          .where(inArray(upsellOffers.id, upsellIds))
  return { free: byId(free), bump: byId(bump), upsell: byId(upsell) }
}
export type FindOfferLinks = typeof findOfferLinks

/**
 * How leads and orders name what they hold (docs/decisions/0028): an offer's title and link from
 * this module, its seller's business name from the sellers module, each asked in batches.
 */
export type OfferNames = { offerLinks: FindOfferLinks; businessNames: BusinessNames }
