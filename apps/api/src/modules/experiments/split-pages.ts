import { isUuid } from '@funnelry/shared'
import type { Database } from '../../db/client.js'
import { createSellerCache } from '../../lib/seller-cache.js'
import type { SellerChanges } from '../../lib/seller-changes.js'
import { type OfferPageVersions, type PageContent, type PublicOffer, preparePublicOffer } from '../offers/offers-module.js'
import type { RunningTests } from './running-tests.js'
import { splitTestRepository as repo, type SplitVariantRow } from './split-test-repository.js'
import { assignmentCookie, assignmentOfCookies, drawByWeight, newVisitorToken } from './visitor-assignment.js'

/** The control's cached public reads: the offers module's own cache, unchanged by split tests. */
type ControlPages = { get(id: string): Promise<PublicOffer | undefined>; peek(id: string): PublicOffer | undefined }

/** What the page answers a visitor: the arm's prepared page, and the cookie of a new assignment. */
export type VisitorPage = { offer: PublicOffer; setCookie: string | null }

/**
 * Whether an arm shows the page as it is, read from the offer: the original of a running test (an
 * edit of the offer shows at once), and of a test ended before its original was kept. Ending a
 * test stores the original's content on its row (`headline` is then set, as the offer's always is),
 * so that an ended test still shows the page it started from after a winner replaced it.
 */
export const showsThePage = (variant: SplitVariantRow): boolean => variant.isControl && variant.headline === null

/**
 * The content a variant shows (its image left out: the page's). A kept original's is the page as it
 * was when the test ended, its image included (null: it had none).
 */
export const contentOfVariant = (variant: SplitVariantRow): PageContent => ({
  headline: variant.headline ?? '',
  subHeadline: variant.subHeadline,
  optInButton: variant.optInButton ?? '',
  bumpOfferId: variant.bumpOfferId,
  upsellOfferId: variant.upsellOfferId,
  ...(variant.assetImage || variant.isControl ? { assetImage: variant.assetImage } : {}),
})

/**
 * The offer page under a split test (docs/decisions/split-tests.md): each arm's page is prepared and
 * cached like the offer's own (its HTML rendered once, compressed once, replayed), so a variant's
 * visitor costs what the control's does; only the choice of arm is per request.
 */
export function createSplitPages(deps: {
  db: Database
  changes: SellerChanges
  running: RunningTests
  control: ControlPages
  versions: OfferPageVersions
}) {
  const { db, changes, running, control, versions } = deps
  const variantPages = createSellerCache(changes, async (variantId: string) => {
    const variant = await repo.variant(db, variantId)
    if (!variant || showsThePage(variant)) return undefined
    const found = await versions.findPublic(variant.freeOfferId, contentOfVariant(variant))
    return found && { sellerId: found.sellerId, value: preparePublicOffer(found.view) }
  })
  const pageOf = (offerId: string, arm: SplitVariantRow) => (showsThePage(arm) ? control.get(offerId) : variantPages.get(arm.id))

  return {
    /** The page a visitor sees: with a test running, their arm's (drawn by weight the first time). */
    async forVisitor(offerId: string, cookieHeader: string | undefined, secure: boolean): Promise<VisitorPage | undefined> {
      const test = await running.get(offerId)
      if (!test) {
        const offer = await control.get(offerId)
        return offer && { offer, setCookie: null }
      }
      const assigned = assignmentOfCookies(cookieHeader, offerId)
      const kept = assigned && test.variants.find((variant) => variant.id === assigned.variantId)
      const arm = kept ?? drawByWeight(test.variants)
      const offer = await pageOf(offerId, arm)
      if (!offer) return undefined
      if (kept) return { offer, setCookie: null }
      return { offer, setCookie: assignmentCookie(offerId, { variantId: arm.id, visitor: newVisitorToken(), counted: false }, secure) }
    },

    /**
     * For the replay of a repeated page read (plugins/replay-public-reads.ts): the prepared page this
     * visitor would get, only when that is known without waiting; a visitor to be assigned never replays.
     */
    peekForVisitor(offerId: string, cookieHeader: string | undefined): PublicOffer | undefined {
      const test = running.peek(offerId)
      if (test === undefined) return undefined
      if (test === null) return control.peek(offerId)
      const assigned = assignmentOfCookies(cookieHeader, offerId)
      const arm = assigned && test.variants.find((variant) => variant.id === assigned.variantId)
      if (!arm) return undefined
      return showsThePage(arm) ? control.peek(offerId) : variantPages.peek(arm.id)
    },

    /** The seller's preview of one arm (`?isPreview=true&variant=<id>`), whatever the visitor's cookie. */
    async preview(offerId: string, variantId: string): Promise<PublicOffer | undefined> {
      const variant = isUuid(variantId) ? await repo.variant(db, variantId) : undefined
      if (!variant || variant.freeOfferId !== offerId) return undefined
      return pageOf(offerId, variant)
    },
  }
}
export type SplitPages = ReturnType<typeof createSplitPages>
