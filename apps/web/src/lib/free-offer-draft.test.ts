import { describe, expect, it } from 'vitest'
import { type FreeOfferDraft, freeOfferDraft, freeOfferDraftKey } from './free-offer-draft'

const draft: FreeOfferDraft = {
  offerId: null,
  values: {
    headline: 'Guide',
    sub_headline: '',
    url: 'https://a.example',
    opt_in_button: 'Get it',
    is_active: true,
    bump_offer_id: '',
    upsell_offer_id: '',
  },
  show: { sub_headline: false, asset_image: true, logo: false },
  images: { asset_image: 'data:image/png;base64,AAAA', logo: null },
}

describe('free offer draft', () => {
  it('round-trips through localStorage and clears', () => {
    expect(freeOfferDraft.save(draft)).toBe(true)
    expect(freeOfferDraft.read()).toEqual(draft)
    freeOfferDraft.clear()
    expect(freeOfferDraft.read()).toBeNull()
  })

  it('ignores a stored value that is not a draft', () => {
    localStorage.setItem(freeOfferDraftKey, '{"values": 3}')
    expect(freeOfferDraft.read()).toBeNull()
    localStorage.setItem(freeOfferDraftKey, 'not json')
    expect(freeOfferDraft.read()).toBeNull()
  })
})
