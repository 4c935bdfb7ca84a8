import type { Database } from '../../db/client.js'
import type { FileStorage } from '../../storage/file-storage.js'
import { createBumpOfferService } from './bump-offer-service.js'
import { createFreeOfferPublishing } from './free-offer-publishing.js'
import { createFreeOfferService } from './free-offer-service.js'
import { createOfferImages } from './offer-images.js'
import { createOfferViews } from './offer-views.js'
import { createUpsellOfferService } from './upsell-offer-service.js'

/** The three offer services, sharing one image store and one way of shaping responses. */
export function createOfferServices({ db, storage, publicUrl }: { db: Database; storage: FileStorage; publicUrl: string }) {
  const images = createOfferImages(storage)
  const views = createOfferViews(images.url)
  return {
    free: createFreeOfferService({ db, images, views, publishing: createFreeOfferPublishing({ db, publicUrl }) }),
    bump: createBumpOfferService({ db, images, views }),
    upsell: createUpsellOfferService({ db, images, views }),
  }
}
export type OfferServices = ReturnType<typeof createOfferServices>
