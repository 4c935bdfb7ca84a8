import type { BumpOffer, FreeOffer, UpsellOffer } from '@funnelry/shared'
import { uuid } from './ids'

export { pageOf } from './page'

/** Offers as the API answers them (the fetchers parse responses with the shared schemas, so these must satisfy them). */
export const offerId = uuid

const createdAt = '2025-01-01T00:00:00.000Z'

export function freeOffer(overrides: Partial<FreeOffer> = {}): FreeOffer {
  const id = overrides.id ?? offerId(1)
  return {
    id,
    headline: 'The Ultimate Guide',
    sub_headline: 'Everything you need to start',
    url: 'https://files.example/guide.pdf',
    opt_in_button: 'Get it now',
    asset_image: '/media/guide.png',
    logo: null,
    is_active: true,
    price: '0.00',
    bump_offer: null,
    upsell_offer: null,
    bump_offer_id: null,
    upsell_offer_id: null,
    after_purchase: [],
    show_url: `http://localhost/free-offer/${id}`,
    advertising_pixels: [],
    consent_required: false,
    store_links: { privacy_policy: null, terms_and_conditions: null, support_link: null },
    created_at: createdAt,
    archived_at: null,
    ...overrides,
  }
}

export function bumpOffer(overrides: Partial<BumpOffer> = {}): BumpOffer {
  return {
    id: offerId(101),
    headline: 'Workbook',
    description: 'Printable exercises',
    asset_image: '/media/workbook.png',
    url: 'https://files.example/workbook.pdf',
    currency: 1,
    old_price: '19.00',
    new_price: '9.99',
    created_at: createdAt,
    archived_at: null,
    ...overrides,
  }
}

export function upsellOffer(overrides: Partial<UpsellOffer> = {}): UpsellOffer {
  return {
    id: offerId(201),
    headline: 'Video Course',
    video_url: null,
    description: 'Twelve lessons',
    url: 'https://files.example/course',
    asset_image: null,
    logo: null,
    opt_in_button: 'Yes, add it',
    product_price: '49.00',
    currency: 2,
    created_at: createdAt,
    archived_at: null,
    ...overrides,
  }
}
