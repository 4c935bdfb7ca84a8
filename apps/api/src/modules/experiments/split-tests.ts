import type {
  SplitExperiment,
  SplitTestStart,
  SplitVariant,
  SplitVariantCreate,
  SplitVariantImage,
  SplitVariantUpdate,
} from '@funnelry/shared'
import type { Database, Executor } from '../../db/client.js'
import { NotFoundError } from '../../lib/errors.js'
import type { SellerChanges } from '../../lib/seller-changes.js'
import type { OfferPageVersions, PageContent, PublicOffer } from '../offers/offers-module.js'
import { createExperimentResults } from './experiment-results.js'
import { createRunningTests } from './running-tests.js'
import type { SplitFunnel } from './split-funnel.js'
import { contentOfVariant, createSplitPages, showsThePage } from './split-pages.js'
import { splitTestRepository as repo, type SplitVariantRow } from './split-test-repository.js'
import { createSplitTestService } from './split-test-service.js'
import { assignmentCookie, assignmentOfCookies } from './visitor-assignment.js'

export type SplitTestsDeps = {
  db: Database
  changes: SellerChanges
  now: () => Date
  publicUrl: string
  versions: OfferPageVersions
  /** The offers module's cache of the page as it is (the control's page). */
  control: { get(id: string): Promise<PublicOffer | undefined>; peek(id: string): PublicOffer | undefined }
  funnel: SplitFunnel
}

/** The split-test services other parts of the app use (the pages, the view counter, lead capture and the checkout). */
export function createSplitTests(deps: SplitTestsDeps) {
  const { db, changes, now, publicUrl, versions, control, funnel } = deps
  const running = createRunningTests(db, changes)
  const pages = createSplitPages({ db, changes, running, control, versions })
  const service = createSplitTestService({ db, versions, now })
  const previewUrl = (offerId: string, variantId: string) => `${publicUrl}/free-offer/${offerId}?isPreview=true&variant=${variantId}`

  const viewOf = (variant: SplitVariantRow, page: PageContent): SplitVariant => {
    const content = showsThePage(variant) ? page : contentOfVariant(variant)
    return {
      id: variant.id,
      name: variant.name,
      is_control: variant.isControl,
      weight: variant.weight,
      headline: content.headline,
      sub_headline: content.subHeadline,
      opt_in_button: content.optInButton,
      bump_offer_id: content.bumpOfferId,
      upsell_offer_id: content.upsellOfferId,
      asset_image: versions.images.url(variant.assetImage),
      preview_url: previewUrl(variant.freeOfferId, variant.id),
    }
  }

  const resultsOf = createExperimentResults({ db, funnel, now, viewOf })
  /** The running (else the latest) test's results. */
  async function results(offerId: string, page: PageContent): Promise<SplitExperiment> {
    const found = await repo.latest(db, offerId)
    if (!found) throw new NotFoundError('This offer has no split test yet.')
    return resultsOf(found, page)
  }

  /** The variant of a running test this visitor's cookie names, if any. */
  async function visitorVariant(offerId: string, cookieHeader: string | undefined): Promise<SplitVariantRow | null> {
    const assigned = assignmentOfCookies(cookieHeader, offerId)
    if (!assigned) return null
    const test = await running.get(offerId)
    return test?.variants.find((variant) => variant.id === assigned.variantId) ?? null
  }

  return {
    pages,

    /**
     * Which of these stored images a variant shows: a variant's image is kept in the offers module's
     * store and becomes the offer's when it wins, so that store deletes a file only when no variant
     * uses it either (docs/decisions/0028).
     */
    imageKeysInUse: (keys: string[]) => repo.imageKeysInUse(db, keys),

    async createVariant(sellerId: string, offerId: string, input: SplitVariantCreate): Promise<SplitVariant> {
      const variant = await service.createVariant(sellerId, offerId, input)
      return viewOf(variant, (await service.ownedPage(sellerId, offerId)).content)
    },

    /** Starts a test with all its variants at once; answers its arms, the original first. */
    async startTest(sellerId: string, offerId: string, input: SplitTestStart): Promise<SplitVariant[]> {
      await service.startTest(sellerId, offerId, input)
      return this.listVariants(sellerId, offerId)
    },

    async updateVariant(sellerId: string, offerId: string, variantId: string, input: SplitVariantUpdate): Promise<SplitVariant> {
      const variant = await service.updateVariant(sellerId, offerId, variantId, input)
      return viewOf(variant, (await service.ownedPage(sellerId, offerId)).content)
    },

    async setImage(sellerId: string, offerId: string, variantId: string, input: SplitVariantImage): Promise<SplitVariant> {
      const variant = await service.setImage(sellerId, offerId, variantId, input)
      return viewOf(variant, (await service.ownedPage(sellerId, offerId)).content)
    },

    deleteVariant: (sellerId: string, offerId: string, variantId: string) => service.deleteVariant(sellerId, offerId, variantId),

    async listVariants(sellerId: string, offerId: string): Promise<SplitVariant[]> {
      const { content } = await service.ownedPage(sellerId, offerId)
      const test = await repo.running(db, offerId)
      return (test?.variants ?? []).map((variant) => viewOf(variant, content))
    },

    async results(sellerId: string, offerId: string): Promise<SplitExperiment> {
      const { content } = await service.ownedPage(sellerId, offerId)
      return results(offerId, content)
    },

    /** The offer's ended tests, newest first, with their final results (read-only). */
    async history(sellerId: string, offerId: string): Promise<SplitExperiment[]> {
      const { content } = await service.ownedPage(sellerId, offerId)
      const ended = await repo.ended(db, offerId)
      return Promise.all(ended.map((test) => resultsOf(test, content)))
    },

    async pickWinner(sellerId: string, offerId: string, variantId: string): Promise<SplitExperiment> {
      await service.pickWinner(sellerId, offerId, variantId)
      return results(offerId, (await service.ownedPage(sellerId, offerId)).content)
    },

    /**
     * The page view call: the first view of a visitor's token counts one visitor (one statement,
     * however many views of that token arrive at once) and marks the cookie counted. Answers the
     * `Set-Cookie` to add, or null.
     */
    async countVisitor(offerId: string, cookieHeader: string | undefined, secure: boolean): Promise<string | null> {
      const assigned = assignmentOfCookies(cookieHeader, offerId)
      if (!assigned || assigned.counted) return null
      const variant = await visitorVariant(offerId, cookieHeader)
      if (!variant) return null
      await repo.countVisitor(db, variant.id, assigned.visitor, now())
      return assignmentCookie(offerId, { ...assigned, counted: true }, secure)
    },

    /** Lead capture: the variant the visitor saw and the cookie's visitor token (null outside a running test). */
    async visitorArm(offerId: string, cookieHeader: string | undefined) {
      const variant = await visitorVariant(offerId, cookieHeader)
      return variant && { variantId: variant.id, visitor: assignmentOfCookies(cookieHeader, offerId)?.visitor ?? null }
    },

    /** Lead capture and the checkout: the variant the visitor saw (null outside a running test). */
    visitorVariantId: async (offerId: string, cookieHeader: string | undefined) =>
      (await visitorVariant(offerId, cookieHeader))?.id ?? null,

    /** The checkout prices an order of a variant with the variant's bump and upsell (its own, even after the test ended). */
    async forCheckout(executor: Executor, offerId: string, variantId: string) {
      const variant = await repo.variant(executor, variantId)
      if (!variant || variant.freeOfferId !== offerId || variant.isControl) return undefined
      return versions.forCheckout(executor, offerId, contentOfVariant(variant))
    },
  }
}
export type SplitTests = ReturnType<typeof createSplitTests>
