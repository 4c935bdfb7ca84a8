import { offerMessages } from '@funnelry/shared'
import type { TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import type { FormFields } from '../../../test/multipart.js'
import { createBump, createFree, createUpsell, sendForm, setPaymentAccount, validFree } from './offer-test-kit.js'

/** Decision D27: a paid BUMP or OTO goes live only while the seller can be paid. */
describe('making a free offer with a paid add-on active', () => {
  let ctx: TestApp
  let headers: Record<string, string>
  let sellerId: string
  let bumpId: string
  let upsellId: string

  const refused = { detail: expect.any(String), is_active: [offerMessages.connectPaymentsFirst] }

  test.beforeEach(async ({ app }) => {
    ctx = app
    const session = await createSellerSession(ctx)
    headers = session.headers
    sellerId = session.seller.id
    bumpId = (await createBump(ctx, headers)).id
    upsellId = (await createUpsell(ctx, headers)).id
  })

  test('is refused on create, edit and the switch while no payment account can take charges; inactive is saved', async () => {
    const addOns: FormFields[] = [{ bump_offer_id: bumpId }, { upsell_offer_id: upsellId }]
    for (const addOn of addOns) {
      const response = await sendForm(ctx, 'POST', '/api/v1/free-product/', validFree(addOn), headers)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual(refused)
    }
    // A free offer alone needs no payment account.
    await createFree(ctx, headers)

    // An account that is connecting but cannot take charges yet does not count.
    await setPaymentAccount(ctx, sellerId, false)
    const draft = await createFree(ctx, headers, { bump_offer_id: bumpId, is_active: 'false' })
    const toggled = await sendForm(ctx, 'PATCH', `/api/v1/free-product/${draft.id}/`, { is_active: 'true' }, headers)
    expect(toggled.statusCode).toBe(400)
    expect(toggled.json()).toEqual(refused)
    const edited = await sendForm(ctx, 'PUT', `/api/v1/free-product/${draft.id}/`, validFree({ bump_offer_id: bumpId }), headers)
    expect(edited.statusCode).toBe(400)
    expect(edited.json()).toEqual(refused)
    // Nothing was saved by the refused calls.
    const stored = await ctx.app.inject({ url: `/api/v1/free-product/${draft.id}/`, headers })
    expect(stored.json()).toMatchObject({ is_active: false, bump_offer_id: bumpId })

    // Connected: the same calls go through.
    await setPaymentAccount(ctx, sellerId, true)
    const live = await sendForm(ctx, 'PATCH', `/api/v1/free-product/${draft.id}/`, { is_active: 'true' }, headers)
    expect(live.statusCode).toBe(200)
    expect(live.json()).toMatchObject({ is_active: true })
  })

  test('once the account stops taking charges, the public page leaves the paid add-ons out and the free path works', async () => {
    await setPaymentAccount(ctx, sellerId, true)
    const offer = await createFree(ctx, headers, { bump_offer_id: bumpId, upsell_offer_id: upsellId })
    const read = async () => (await ctx.app.inject({ url: `/api/v1/free-product/${offer.id}/` })).json()
    expect(await read()).toMatchObject({ bump_offer: { id: bumpId }, upsell_offer: { id: upsellId } })

    // The provider reports the account can no longer take charges (the cached public view is dropped).
    await setPaymentAccount(ctx, sellerId, false)
    await expect.poll(read).toMatchObject({ bump_offer: null, upsell_offer: null, is_active: true })
    // The seller still sees what is attached.
    expect((await ctx.app.inject({ url: `/api/v1/free-product/${offer.id}/`, headers })).json()).toMatchObject({
      bump_offer: { id: bumpId },
    })

    const free = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/stripe/payment-intent/',
      payload: { product_id: offer.id, full_name: 'Ada Byron', email: 'ada@example.com', upsell_shown: true },
    })
    expect(free.statusCode).toBe(200)
    expect(free.json()).toMatchObject({ amount: '0.00', provider: 'none' })
  })
})
