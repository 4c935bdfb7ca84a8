import { afterEach, describe, expect, it } from 'vitest'
import { makeOffer, offerId } from '../../../testing/factories/funnel'
import { forgetInlinedOffer, inlinedOfferElementId, readInlinedOffer } from './inlined-offer'

function inline(json: string) {
  const script = document.createElement('script')
  script.id = inlinedOfferElementId
  script.type = 'application/json'
  script.textContent = json
  document.body.append(script)
}

afterEach(() => {
  document.getElementById(inlinedOfferElementId)?.remove()
  delete window.__FUNNELRY_OFFER__
  forgetInlinedOffer()
})

describe('readInlinedOffer', () => {
  it('reads the JSON script tag the server writes', () => {
    inline(JSON.stringify(makeOffer()))
    expect(readInlinedOffer(offerId)?.headline).toBe('The 7-day launch guide')
  })

  it('reads window.__FUNNELRY_OFFER__ when there is no tag', () => {
    window.__FUNNELRY_OFFER__ = makeOffer({ headline: 'From the window' })
    expect(readInlinedOffer(offerId)?.headline).toBe('From the window')
  })

  it('ignores another offer', () => {
    inline(JSON.stringify(makeOffer()))
    expect(readInlinedOffer('9b3c6a52-6f7e-4f53-9d1a-6a5f0c1d2e09')).toBeUndefined()
  })

  it('ignores data that does not match the contract, or is not JSON', () => {
    inline(JSON.stringify({ id: offerId, headline: 'half an offer' }))
    expect(readInlinedOffer(offerId)).toBeUndefined()
    forgetInlinedOffer()
    document.getElementById(inlinedOfferElementId)?.remove()
    inline('{not json')
    expect(readInlinedOffer(offerId)).toBeUndefined()
  })

  it('reads the page once', () => {
    inline(JSON.stringify(makeOffer()))
    expect(readInlinedOffer(offerId)).toBeDefined()
    document.getElementById(inlinedOfferElementId)?.remove()
    expect(readInlinedOffer(offerId)).toBeDefined()
  })
})
