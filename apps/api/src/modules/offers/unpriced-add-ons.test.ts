import { offerMessages } from '@funnelry/shared'
import type { TestApp } from '../../../test/build-test-app.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import {
  createBump,
  createConnectedSellerSession,
  createFree,
  createUpsell,
  sendForm,
  validBump,
  validFree,
  validUpsell,
} from './offer-test-kit.js'

/** Decision D19: a BUMP or OTO whose price is not above zero is never attached to a free offer, nor offered. */
describe('BUMP and OTO offers without a price above zero', () => {
  let ctx: TestApp
  let headers: Record<string, string>

  test.beforeEach(async ({ app }) => {
    ctx = app
    headers = (await createConnectedSellerSession(ctx)).headers
  })

  test('refuses to attach them to a free offer, with a field error naming each one', async () => {
    const noPrice = await createBump(ctx, headers, { headline: 'Free Stickers', new_price: '' })
    const zeroPrice = await createBump(ctx, headers, { headline: 'Zero Stickers', new_price: '0.00' })
    const freeUpsell = await createUpsell(ctx, headers, { headline: 'The Free Course', product_price: '0' })

    for (const bump of [noPrice, zeroPrice]) {
      const response = await sendForm(ctx, 'POST', '/api/v1/free-product/', validFree({ bump_offer_id: bump.id }), headers)
      expect(response.statusCode).toBe(400)
      const headline = bump === noPrice ? 'Free Stickers' : 'Zero Stickers'
      expect(response.json()).toEqual({ detail: expect.any(String), bump_offer_id: [offerMessages.unpricedBump(headline)] })
    }
    const both = await sendForm(
      ctx,
      'POST',
      '/api/v1/free-product/',
      validFree({ bump_offer_id: noPrice.id, upsell_offer_id: freeUpsell.id }),
      headers,
    )
    expect(both.json()).toEqual({
      detail: expect.any(String),
      bump_offer_id: [offerMessages.unpricedBump('Free Stickers')],
      upsell_offer_id: [offerMessages.unpricedUpsell('The Free Course')],
    })
    expect(offerMessages.unpricedBump(null)).toContain('"Untitled"')

    const offer = await createFree(ctx, headers)
    const edit = await sendForm(ctx, 'PUT', `/api/v1/free-product/${offer.id}/`, validFree({ upsell_offer_id: freeUpsell.id }), headers)
    expect(edit.statusCode).toBe(400)
    expect(edit.json()).toEqual({ detail: expect.any(String), upsell_offer_id: [offerMessages.unpricedUpsell('The Free Course')] })
  })

  test('refuses to take the price away from one that a free offer uses, and allows it once detached', async () => {
    const bump = await createBump(ctx, headers)
    const upsell = await createUpsell(ctx, headers)
    const offer = await createFree(ctx, headers, { bump_offer_id: bump.id, upsell_offer_id: upsell.id })

    const bumpEdit = await sendForm(ctx, 'PUT', `/api/v1/bump-offer/${bump.id}/`, validBump({ new_price: '' }), headers)
    expect(bumpEdit.statusCode).toBe(400)
    expect(bumpEdit.json()).toEqual({ detail: expect.any(String), new_price: [offerMessages.attachedBumpNeedsPrice] })
    const upsellEdit = await sendForm(ctx, 'PUT', `/api/v1/upsell-offer/${upsell.id}/`, validUpsell({ product_price: '0' }), headers)
    expect(upsellEdit.statusCode).toBe(400)
    expect(upsellEdit.json()).toEqual({ detail: expect.any(String), product_price: [offerMessages.attachedUpsellNeedsPrice] })
    // A price change that stays above zero is fine.
    expect((await sendForm(ctx, 'PUT', `/api/v1/bump-offer/${bump.id}/`, validBump({ new_price: '1.00' }), headers)).statusCode).toBe(200)

    await sendForm(ctx, 'PUT', `/api/v1/free-product/${offer.id}/`, validFree({ bump_offer_id: '', upsell_offer_id: '' }), headers)
    expect((await sendForm(ctx, 'PUT', `/api/v1/bump-offer/${bump.id}/`, validBump({ new_price: '' }), headers)).statusCode).toBe(200)
    expect(
      (await sendForm(ctx, 'PUT', `/api/v1/upsell-offer/${upsell.id}/`, validUpsell({ product_price: '0' }), headers)).statusCode,
    ).toBe(200)
  })
})
