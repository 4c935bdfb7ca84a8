import { localTestCards } from '@funnelry/shared'
import type { TestApp } from '../../../test/build-test-app.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { confirmLocal } from '../../../test/visitor-requests.js'
import { onPages, pickWinner, type SplitFunnel, startTest, useSplitFunnel, visit } from './split-test-kit.js'

describe('the thank-you page of a split test’s visitor names the page they saw (issue 27)', () => {
  let ctx: TestApp
  let funnel: SplitFunnel
  useSplitFunnel((app, made) => {
    ctx = app
    funnel = made
  })

  /** What the thank-you page's receipt names the offer by. */
  async function freeItemName(reference: string) {
    const receipt = await ctx.app.inject({ url: `/api/v1/order-receipts/${encodeURIComponent(reference)}/`, headers: onPages })
    return (receipt.json() as { items: { kind: string; name: string }[] }).items.find((item) => item.kind === 'free')?.name
  }

  /** A visitor of the arm `cookie` names buys; answers the thank-you page's order reference. */
  async function buy(cookie: string, email: string) {
    const intent = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/stripe/payment-intent/',
      headers: { ...onPages, cookie },
      payload: { product_id: funnel.offerId, full_name: 'Ada Lovelace', email, bump_offer_id: funnel.bump.id },
    })
    expect(intent.statusCode).toBe(200)
    const { client_secret: secret, order_reference: reference } = intent.json() as { client_secret: string; order_reference: string }
    expect((await confirmLocal(ctx, { client_secret: secret, card_number: localTestCards.succeeds })).statusCode).toBeLessThan(300)
    return reference
  }

  test('a variant’s buyer reads the variant’s headline, the original’s the page’s, and it stays so after the test', async () => {
    const variant = (await startTest(ctx, funnel.headers, funnel.offerId, { headline: 'Recipes That Pay', weight: 50 })).json()
    const original = (await ctx.app.inject({ url: `/api/v1/free-product/${funnel.offerId}/variants/`, headers: funnel.headers }))
      .json()
      .find((arm: { is_control: boolean }) => arm.is_control)
    const onVariant = await visit(ctx, funnel.offerId, `funnelry_split_${funnel.offerId}=${variant.id}`)
    const onOriginal = await visit(ctx, funnel.offerId, `funnelry_split_${funnel.offerId}=${original.id}`)
    const variantOrder = await buy(onVariant.cookie, 'ada@example.com')
    expect(await freeItemName(variantOrder)).toBe('Recipes That Pay')
    expect(await freeItemName(await buy(onOriginal.cookie, 'grace@example.com'))).toBe('Seven Recipes')
    // The original wins: the variant's buyer still reads what they saw.
    expect((await pickWinner(ctx, funnel.headers, funnel.offerId, original.id)).statusCode).toBe(200)
    expect(await freeItemName(variantOrder)).toBe('Recipes That Pay')
  })
})
