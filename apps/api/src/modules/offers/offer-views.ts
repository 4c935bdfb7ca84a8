import type { AttachedBumpOffer, AttachedUpsellOffer, BumpOffer, FreeOffer, UpsellOffer } from '@funnelry/shared'
import { amountToCents, centsToAmount } from '@funnelry/shared'
import type { FreeOfferPublishing } from './free-offer-publishing.js'
import type { FreeOfferWithAttachments } from './free-offer-repository.js'
import { offeredBump, offeredUpsell } from './offer-attachments.js'
import type { PaidAddOnRow } from './paid-add-on-repository.js'

type BumpOfferRow = PaidAddOnRow<'bump'>
type UpsellOfferRow = PaidAddOnRow<'upsell'>

/** Cents of a price the form schema already checked ("19.99"); never through floating point. */
export const toCentsOrNull = (amount: string | null) => (amount === null ? null : amountToCents(amount))
const amountOrNull = (cents: number | null) => (cents === null ? null : centsToAmount(cents))

/**
 * Rows to the API's shapes. `imageUrl` turns storage keys into URLs. Download links (`url`)
 * appear only for the owning seller: a public read must not give away what a visitor buys.
 */
export function createOfferViews(imageUrl: (key: string | null) => string | null) {
  const attachedBump = (row: BumpOfferRow): AttachedBumpOffer => ({
    id: row.id,
    headline: row.headline,
    description: row.description,
    asset_image: imageUrl(row.assetImage),
    currency: row.currency,
    old_price: amountOrNull(row.oldPriceCents),
    new_price: amountOrNull(row.priceCents),
  })

  const attachedUpsell = (row: UpsellOfferRow): AttachedUpsellOffer => ({
    id: row.id,
    headline: row.headline,
    description: row.description,
    video_url: row.videoUrl,
    asset_image: imageUrl(row.assetImage),
    logo: imageUrl(row.logo),
    product_price: centsToAmount(row.priceCents),
    currency: row.currency,
    opt_in_button: row.optInButton,
  })

  return {
    /** A stored image's URL (the post-purchase page's logo, decision D34). */
    imageUrl,

    /** An OTO offer as the post-purchase page shows it (decision D34): no download link. */
    attachedUpsell,

    bump: (row: BumpOfferRow): BumpOffer => ({
      ...attachedBump(row),
      url: row.url,
      created_at: row.createdAt.toISOString(),
      archived_at: row.archivedAt?.toISOString() ?? null,
    }),

    upsell: (row: UpsellOfferRow, { owner }: { owner: boolean }): UpsellOffer => ({
      ...attachedUpsell(row),
      url: owner ? row.url : null,
      created_at: row.createdAt.toISOString(),
      archived_at: row.archivedAt?.toISOString() ?? null,
    }),

    free: (found: FreeOfferWithAttachments, publishing: FreeOfferPublishing, { owner }: { owner: boolean }): FreeOffer => {
      const { offer } = found
      // Decision D19: a BUMP or OTO without a price above zero is never offered on the page; D27: nor
      // one its seller cannot be paid for (the free path still works). The seller still sees them.
      const sellable = owner || publishing.paidAddOns
      const bump = sellable ? offeredBump(found) : null
      const upsell = sellable ? offeredUpsell(found) : null
      return {
        id: offer.id,
        headline: offer.headline,
        sub_headline: offer.subHeadline,
        url: owner ? offer.url : null,
        opt_in_button: offer.optInButton,
        asset_image: imageUrl(offer.assetImage),
        logo: imageUrl(offer.logo),
        is_active: offer.isActive,
        price: '0.00',
        bump_offer: bump ? attachedBump(bump) : null,
        upsell_offer: upsell ? attachedUpsell(upsell) : null,
        bump_offer_id: offer.bumpOfferId,
        upsell_offer_id: offer.upsellOfferId,
        // Decision D34: steps are charged like the add-ons, so the page offers them on the same terms.
        after_purchase: sellable ? offer.afterPurchase : [],
        show_url: publishing.showUrl(offer.id),
        advertising_pixels: publishing.advertising_pixels,
        consent_required: publishing.consent_required,
        store_links: publishing.store_links,
        created_at: offer.createdAt.toISOString(),
        archived_at: offer.archivedAt?.toISOString() ?? null,
      }
    },
  }
}
export type OfferViews = ReturnType<typeof createOfferViews>
