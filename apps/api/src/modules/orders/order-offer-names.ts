import type { Executor } from '../../db/client.js'
import type { OfferNames } from '../offers/offers-module.js'
import type { OrderRow } from './order-repository.js'

/**
 * What paid orders deliver, named by the modules that own it (docs/decisions/0028): each free
 * offer's title and link with its seller's business name, and the bump's and upsell's. Two to four
 * statements in the caller's transaction however many orders (offers by kind, then sellers).
 */
export async function deliveryDetailsMany(executor: Executor, names: OfferNames, paid: OrderRow[]) {
  const links = await names.offerLinks(executor, {
    free: paid.map((order) => order.freeOfferId),
    bump: paid.flatMap((order) => order.bumpOfferId ?? []),
    upsell: paid.flatMap((order) => order.upsellOfferId ?? []),
  })
  const businessNames = await names.businessNames(
    [...links.free.values()].map((offer) => offer.sellerId),
    executor,
  )
  const offers = new Map(
    [...links.free.values()].flatMap(({ id, sellerId, headline, url }) => {
      const businessName = businessNames.get(sellerId)
      return businessName === undefined ? [] : [[id, { headline, url, businessName }] as const]
    }),
  )
  return { offers, bumps: links.bump, upsells: links.upsell }
}

/** What one paid order delivers, or undefined when its free offer is gone. */
export async function deliveryDetails(executor: Executor, names: OfferNames, order: OrderRow) {
  const details = await deliveryDetailsMany(executor, names, [order])
  const offer = details.offers.get(order.freeOfferId)
  if (!offer) return undefined
  const bump = order.bumpOfferId ? details.bumps.get(order.bumpOfferId) : undefined
  const upsell = order.upsellOfferId ? details.upsells.get(order.upsellOfferId) : undefined
  return { offer, bump, upsell }
}
