import { type AttachedBumpOffer, type AttachedUpsellOffer, type FreeOffer, freeOfferSchema, type UpsellOffer } from '@funnelry/shared'
import type { PostPurchaseStep } from '@funnelry/shared/funnel/public-page'

export const offerId = '0b3c6a52-6f7e-4f53-9d1a-6a5f0c1d2e01'

export const bump: AttachedBumpOffer = {
  id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e02',
  headline: 'The checklist pack',
  description: 'Ten printable checklists.',
  asset_image: '/media/bump.png',
  currency: 1,
  old_price: '49.00',
  new_price: '19.00',
}

export const upsell: AttachedUpsellOffer = {
  id: '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f03',
  headline: 'The video masterclass',
  description: 'Three hours of lessons.',
  video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  asset_image: '/media/upsell.png',
  logo: null,
  product_price: '33.50',
  currency: 1,
  opt_in_button: 'Yes, add the masterclass',
}

export const upsellOfferFull: UpsellOffer = {
  ...upsell,
  url: 'https://example.com/masterclass',
  created_at: '2025-01-01T00:00:00.000Z',
  archived_at: null,
}

/** A valid public free offer (parsed by the contract, so a fixture cannot drift from it). */
export function makeOffer(overrides: Partial<FreeOffer> = {}): FreeOffer {
  return freeOfferSchema.parse({
    id: offerId,
    headline: 'The 7-day launch guide',
    sub_headline: 'Everything you need to ship your first product.',
    url: null,
    opt_in_button: 'Send me the guide',
    asset_image: '/media/cover.png',
    logo: '/media/logo.png',
    is_active: true,
    price: '0.00',
    bump_offer: bump,
    upsell_offer: upsell,
    bump_offer_id: bump.id,
    upsell_offer_id: upsell.id,
    after_purchase: [],
    show_url: `http://localhost:3000/free-offer/${offerId}`,
    advertising_pixels: [],
    consent_required: false,
    store_links: { privacy_policy: null, terms_and_conditions: null, support_link: null },
    created_at: '2025-01-01T00:00:00.000Z',
    archived_at: null,
    ...overrides,
  })
}

/** An offer of a one-click step after the payment (decision D34), in dollars. */
export const postPurchaseOffer = (id: string, headline: string, price: string): PostPurchaseStep['offer'] => ({
  id,
  headline,
  description: null,
  video_url: null,
  asset_image: null,
  logo: null,
  opt_in_button: 'Yes',
  product_price: price,
  currency: 1,
})
