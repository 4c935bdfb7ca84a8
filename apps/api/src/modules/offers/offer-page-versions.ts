import type { FieldErrors, FreeOffer } from '@funnelry/shared'
import { isUuid } from '@funnelry/shared'
import { eq, sql } from 'drizzle-orm'
import type { Database, Executor } from '../../db/client.js'
import { NotFoundError } from '../../lib/errors.js'
import type { LoadFreeOfferPublishing } from './free-offer-publishing.js'
import type { FreeOfferWithAttachments } from './free-offer-repository.js'
import { attachmentErrors } from './free-offer-service.js'
import type { OfferImages } from './offer-images.js'
import type { OfferViews } from './offer-views.js'
import { bumpOffers, freeOffers, upsellOffers } from './offers-tables.js'

/**
 * What a split-test variant may change of a free offer's page (issue 27): the texts and which bump
 * and upsell it offers, and its own image (`assetImage`, a storage key; left out: the page's; null:
 * no image, as the original of an ended test that had none). The logo and download stay the page's.
 */
export type PageContent = {
  headline: string
  subHeadline: string | null
  optInButton: string
  bumpOfferId: string | null
  upsellOfferId: string | null
  assetImage?: string | null
}

const orNothing = (id: string | null, column: typeof bumpOffers.id | typeof upsellOffers.id) => (id ? eq(column, id) : sql`false`)

/** The offer with the given bump and upsell rows (the variant's, not necessarily the page's), in one query. */
async function findWith(db: Executor, id: string, content: PageContent): Promise<FreeOfferWithAttachments | undefined> {
  const [found] = await db
    .select({ offer: freeOffers, bump: bumpOffers, upsell: upsellOffers })
    .from(freeOffers)
    .leftJoin(bumpOffers, orNothing(content.bumpOfferId, bumpOffers.id))
    .leftJoin(upsellOffers, orNothing(content.upsellOfferId, upsellOffers.id))
    .where(eq(freeOffers.id, id))
  if (!found) return undefined
  // offeredBump / offeredUpsell then apply the same rules (same seller, in use, priced) as for the page.
  return { ...found, offer: { ...found.offer, ...content } }
}

const contentOf = (offer: FreeOfferWithAttachments['offer']): PageContent => ({
  headline: offer.headline,
  subHeadline: offer.subHeadline,
  optInButton: offer.optInButton,
  bumpOfferId: offer.bumpOfferId,
  upsellOfferId: offer.upsellOfferId,
})

/** The versions of a free offer's page that split tests show, and the winner made the page. */
export function createOfferPageVersions({
  db,
  views,
  images,
  publishing,
}: {
  db: Database
  views: OfferViews
  images: OfferImages
  publishing: LoadFreeOfferPublishing
}) {
  return {
    /** A variant's image uses the offers' store: one upload check, one way to its URL (docs/decisions/0019). */
    images,

    /** The seller's own offer's current content and whether it is archived; another seller's is a 404. */
    async ownedContent(sellerId: string, id: string): Promise<{ content: PageContent; archived: boolean }> {
      const [row] = isUuid(id) ? await db.select().from(freeOffers).where(eq(freeOffers.id, id)) : []
      if (!row || row.sellerId !== sellerId) throw new NotFoundError()
      return { content: contentOf(row), archived: row.archivedAt !== null }
    },

    /**
     * The page's content as it is, its image included (null: none), read and locked in the caller's
     * transaction: what an ended split test keeps of its original before the winner replaces it.
     */
    async currentContent(executor: Executor, id: string): Promise<PageContent | undefined> {
      const [row] = await executor.select().from(freeOffers).where(eq(freeOffers.id, id)).for('update')
      return row && { ...contentOf(row), assetImage: row.assetImage }
    },

    /** A variant's bump and upsell follow the page's rules: the seller's own, priced, one currency. */
    contentErrors: (sellerId: string, content: PageContent): Promise<FieldErrors> =>
      attachmentErrors(db, sellerId, { bump_offer_id: content.bumpOfferId, upsell_offer_id: content.upsellOfferId }),

    /** A visitor's view of the page with `content` (no download link), or undefined when archived or gone. */
    async findPublic(id: string, content: PageContent): Promise<{ sellerId: string; view: FreeOffer } | undefined> {
      const found = isUuid(id) ? await findWith(db, id, content) : undefined
      if (!found || found.offer.archivedAt) return undefined
      return { sellerId: found.offer.sellerId, view: views.free(found, await publishing(found.offer.sellerId), { owner: false }) }
    },

    /** The offer with a variant's bump and upsell, read in the checkout's transaction to price the order. */
    forCheckout: (executor: Executor, id: string, content: PageContent) => findWith(executor, id, content),

    /** The winner becomes the page, in the caller's transaction. */
    async apply(executor: Executor, sellerId: string, id: string, content: PageContent): Promise<void> {
      await executor
        .update(freeOffers)
        .set({ ...content, updatedAt: new Date() })
        .where(sql`${freeOffers.id} = ${id} and ${freeOffers.sellerId} = ${sellerId}`)
    },
  }
}
export type OfferPageVersions = ReturnType<typeof createOfferPageVersions>
