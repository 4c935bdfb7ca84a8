import type { BumpOffer, FreeOffer, UpsellOffer } from '@funnelry/shared'
import { amountToCents } from '@funnelry/shared/money-format'
import type { FreeOfferDraft } from '../../../lib/free-offer-draft'

/** What the funnel's components render: the public offer, or a seller's unsaved draft shaped like it. */
export type FunnelOffer = Pick<
  FreeOffer,
  | 'id'
  | 'headline'
  | 'sub_headline'
  | 'opt_in_button'
  | 'asset_image'
  | 'logo'
  | 'is_active'
  | 'bump_offer'
  | 'upsell_offer'
  | 'store_links'
  | 'after_purchase'
>

const noStoreLinks: FreeOffer['store_links'] = { privacy_policy: null, terms_and_conditions: null, support_link: null }

/** Decision D19: only a price above zero can be charged, so only such an add-on is offered. */
const pricedAboveZero = (amount: string | null) => amount !== null && amountToCents(amount) > 0

/**
 * The `/free-offer` preview (no id) from the free offer form's draft. Fields whose 'show' box is
 * unchecked are sent empty on save, so the preview leaves them out too, and so does it a BUMP or
 * OTO without a price above zero (D19: saving refuses to attach one). Company links come from
 * Settings, not from the draft, so the draft preview has none.
 */
export function funnelOfferFromDraft(draft: FreeOfferDraft, bump?: BumpOffer, upsell?: UpsellOffer): FunnelOffer {
  const { values, show, images } = draft
  return {
    id: draft.offerId ?? 'draft',
    headline: values.headline,
    sub_headline: show.sub_headline && values.sub_headline.trim() !== '' ? values.sub_headline : null,
    opt_in_button: values.opt_in_button,
    asset_image: show.asset_image ? images.asset_image : null,
    logo: show.logo ? images.logo : null,
    is_active: values.is_active,
    bump_offer:
      bump && pricedAboveZero(bump.new_price)
        ? {
            id: bump.id,
            headline: bump.headline,
            description: bump.description,
            asset_image: bump.asset_image,
            currency: bump.currency,
            old_price: bump.old_price,
            new_price: bump.new_price,
          }
        : null,
    upsell_offer:
      upsell && pricedAboveZero(upsell.product_price)
        ? {
            id: upsell.id,
            headline: upsell.headline,
            description: upsell.description,
            video_url: upsell.video_url,
            asset_image: upsell.asset_image,
            logo: upsell.logo,
            product_price: upsell.product_price,
            currency: upsell.currency,
            opt_in_button: upsell.opt_in_button,
          }
        : null,
    store_links: noStoreLinks,
    after_purchase: (values.after_purchase ?? [])
      .filter((step) => step.upsell_offer_id !== '')
      .map((step) => ({ upsell_offer_id: step.upsell_offer_id, downsell_offer_id: step.downsell_offer_id || null })),
  }
}
