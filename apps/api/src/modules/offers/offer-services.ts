import type { Database } from '../../db/client.js'
import { batchedCalls } from '../../lib/batched-calls.js'
import { createSellerCache } from '../../lib/seller-cache.js'
import type { SellerChanges } from '../../lib/seller-changes.js'
import type { FileStorage } from '../../storage/file-storage.js'
import { createFreeOfferPublishing, type SellerOfferContext, type SellerPayability } from './free-offer-publishing.js'
import { freeOfferRepository } from './free-offer-repository.js'
import { createFreeOfferService } from './free-offer-service.js'
import { imageKeysInUse } from './offer-image-references.js'
import { createOfferImages } from './offer-images.js'
import { createOfferLifecycle } from './offer-lifecycle-service.js'
import { findOfferLinks } from './offer-links.js'
import { createOfferOwnership } from './offer-ownership.js'
import { createOfferPageVersions } from './offer-page-versions.js'
import { createOfferProgress } from './offer-progress.js'
import type { OfferUsage } from './offer-usage.js'
import { createOfferViews } from './offer-views.js'
import { bumpDefinition, upsellDefinition } from './paid-add-on-kinds.js'
import { createPaidAddOnService } from './paid-add-on-service.js'
import { createPostPurchaseOffers } from './post-purchase-offers.js'
import { createPublicOfferCache } from './public-offer-cache.js'

/**
 * The three offer services, sharing one image store and one way of shaping responses, and the
 * cache of what visitors read.
 */
export function createOfferServices(deps: {
  db: Database
  storage: FileStorage
  changes: SellerChanges
  /** The settings module's view of a seller's links, pixels and domain. */
  offerContext: SellerOfferContext
  /** The leads and orders that point at an offer, which keep it from being deleted. */
  usage: OfferUsage
  /** Decision D27: whether a seller's payment account can take charges. */
  payments: SellerPayability
  /** The experiments module's answer: which of these stored images a split-test variant shows. */
  variantImagesInUse: (keys: string[]) => Promise<Set<string>>
}) {
  const { db, storage, changes, offerContext, usage, payments, variantImagesInUse } = deps
  const images = createOfferImages(storage, (keys) => imageKeysInUse(db, keys, variantImagesInUse))
  const views = createOfferViews(images.url)
  const publishing = createFreeOfferPublishing(offerContext, payments)
  const free = createFreeOfferService({ db, images, views, payments, publishing })
  const postPurchaseSteps = createPostPurchaseOffers(views)
  // Issue 26: the post-purchase page and every accept read a free offer's steps; an edit of the
  // seller's offers (or the seller) drops them in every process, as for the public offer cache.
  const stepsCache = createSellerCache(changes, async (freeOfferId) => {
    const steps = await postPurchaseSteps(db, freeOfferId)
    return steps && { sellerId: steps.freeOffer.sellerId, value: steps }
  })
  return {
    free,
    /**
     * A free offer with its add-ons, as committed when asked: concurrent checkouts' reads go out
     * together in one query (a call never joins a read already under way, so nothing is stale).
     */
    forCheckout: batchedCalls(async (ids: string[]) => {
      const found = await freeOfferRepository.findByIds(db, [...new Set(ids)])
      return ids.map((id) => found.get(id))
    }),
    publicFree: createPublicOfferCache({ changes, freeOffers: free }),
    /** Split tests' versions of a page (issue 27). */
    versions: createOfferPageVersions({ db, views, images, publishing }),
    bump: createPaidAddOnService(bumpDefinition, { db, images, views }),
    upsell: createPaidAddOnService(upsellDefinition, { db, images, views }),
    lifecycle: createOfferLifecycle({ db, images, usage }),
    progress: createOfferProgress(db),
    /** Decision D34: a free offer's after-purchase steps and their OTO offers, for the post-purchase module. */
    postPurchaseSteps,
    /** The same, cached per process while the change listener is connected (read outside any transaction). */
    cachedPostPurchaseSteps: (freeOfferId: string) => stepsCache.get(freeOfferId),
    /** What leads and orders name an offer by (title, link, seller), many at once in the caller's transaction. */
    links: findOfferLinks,
    /** Whose an offer is: the checks of a seller's custom domain, and its default offer. */
    ownership: createOfferOwnership(db),
  }
}
export type OfferServices = ReturnType<typeof createOfferServices>
