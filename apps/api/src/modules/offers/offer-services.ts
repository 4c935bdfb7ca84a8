import type { Database, Executor } from '../../db/client.js'
import type { SellerChanges } from '../../lib/seller-changes.js'
import type { FileStorage } from '../../storage/file-storage.js'
import type { OfferPublicContextService } from '../settings/settings-module.js'
import { createFreeOfferPublishing, type SellerPayability } from './free-offer-publishing.js'
import { freeOfferRepository } from './free-offer-repository.js'
import { createFreeOfferService } from './free-offer-service.js'
import { imageKeysInUse } from './offer-image-references.js'
import { createOfferImages } from './offer-images.js'
import { createOfferLifecycle } from './offer-lifecycle-service.js'
import { createOfferProgress } from './offer-progress.js'
import type { OfferUsage } from './offer-usage.js'
import { createOfferViews } from './offer-views.js'
import { bumpDefinition, upsellDefinition } from './paid-add-on-kinds.js'
import { createPaidAddOnService } from './paid-add-on-service.js'
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
  offerContext: OfferPublicContextService
  /** The leads and orders that point at an offer, which keep it from being deleted. */
  usage: OfferUsage
  /** Decision D27: whether a seller's payment account can take charges. */
  payments: SellerPayability
}) {
  const { db, storage, changes, offerContext, usage, payments } = deps
  const images = createOfferImages(storage, (keys) => imageKeysInUse(db, keys))
  const views = createOfferViews(images.url)
  const free = createFreeOfferService({ db, images, views, payments, publishing: createFreeOfferPublishing(offerContext, payments) })
  return {
    free,
    /** A free offer with its add-ons, read in the caller's transaction (the checkout's). */
    forCheckout: (executor: Executor, id: string) => freeOfferRepository.findById(executor, id),
    publicFree: createPublicOfferCache({ changes, freeOffers: free }),
    bump: createPaidAddOnService(bumpDefinition, { db, images, views }),
    upsell: createPaidAddOnService(upsellDefinition, { db, images, views }),
    lifecycle: createOfferLifecycle({ db, images, usage }),
    progress: createOfferProgress(db),
  }
}
export type OfferServices = ReturnType<typeof createOfferServices>
