import type { Executor } from '../../db/client.js'
import type { OfferNames } from '../offers/offers-module.js'

/** What recording a lead needs to know about its free offer: whose it is and what its download is. */
export type LeadOffer = { id: string; sellerId: string; headline: string; url: string; businessName: string; isActive: boolean }

/** The free offers with these ids that exist, as lead recording needs them: two statements however many. */
export async function findLeadOffers(executor: Executor, names: OfferNames, ids: string[]): Promise<Map<string, LeadOffer>> {
  if (ids.length === 0) return new Map()
  const offers = [...(await names.offerLinks(executor, { free: ids })).free.values()]
  const businessNames = await names.businessNames(
    offers.map((offer) => offer.sellerId),
    executor,
  )
  return new Map(
    offers.flatMap((offer) => {
      const businessName = businessNames.get(offer.sellerId)
      // The foreign key keeps a seller for every offer; one deleted since the first read took its offers with it.
      return businessName === undefined ? [] : [[offer.id, { ...offer, businessName }] as const]
    }),
  )
}

/** One free offer as lead recording needs it, or undefined when there is no such offer. */
export const findLeadOffer = async (executor: Executor, names: OfferNames, id: string) =>
  (await findLeadOffers(executor, names, [id])).get(id)
