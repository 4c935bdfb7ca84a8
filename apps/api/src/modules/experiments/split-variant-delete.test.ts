import { splitTestMessages } from '@funnelry/shared'
import type { TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { imageBytes, imagePart, sendForm } from '../offers/offer-test-kit.js'
import { experimentOf, type SplitFunnel, startTest, useSplitFunnel, visit } from './split-test-kit.js'

describe('deleting a split-test variant before the first visitor (issue 27)', () => {
  let ctx: TestApp
  let funnel: SplitFunnel
  useSplitFunnel((app, made) => {
    ctx = app
    funnel = made
  })

  const variantsUrl = () => `/api/v1/free-product/${funnel.offerId}/variants/`
  const remove = (variantId: string, headers = funnel.headers) =>
    ctx.app.inject({ method: 'DELETE', url: `${variantsUrl()}${variantId}/`, headers })
  const arms = async () =>
    (await ctx.app.inject({ method: 'GET', url: variantsUrl(), headers: funnel.headers })).json() as {
      id: string
      name: string
      weight: number
    }[]

  test('its share goes back to the original and its image is deleted; the last one leaves the page untested', async () => {
    const b = (await startTest(ctx, funnel.headers, funnel.offerId, { headline: 'B', weight: 30 })).json()
    const c = (await startTest(ctx, funnel.headers, funnel.offerId, { headline: 'C', weight: 30, control_weight: 40 })).json()
    const image = await sendForm(
      ctx,
      'PUT',
      `${variantsUrl()}${c.id}/image/`,
      { asset_image: imagePart(await imageBytes('png'), 'c.png') },
      funnel.headers,
    )
    const imageUrl: string = image.json().asset_image

    expect((await remove(c.id)).statusCode).toBe(204)
    expect((await arms()).map((arm) => [arm.name, arm.weight])).toEqual([
      ['Original', 70],
      ['Variant B', 30],
    ])
    expect((await ctx.app.inject({ method: 'GET', url: imageUrl })).statusCode).toBe(404)

    expect((await remove(b.id)).statusCode).toBe(204)
    expect(await arms()).toEqual([])
    expect((await experimentOf(ctx, funnel.headers, funnel.offerId)).statusCode).toBe(404)
    // The page is a plain page again: a visitor gets no split cookie.
    const { page } = await visit(ctx, funnel.offerId)
    expect(page.headers['set-cookie']).toBeUndefined()
  })

  test('409 once a visitor was counted, 404 for another seller’s or an unknown variant, 400 for the original', async () => {
    const b = (await startTest(ctx, funnel.headers, funnel.offerId, { headline: 'B', weight: 50 })).json()
    const stranger = await createSellerSession(ctx)
    expect((await remove(b.id, stranger.headers)).statusCode).toBe(404)
    expect((await remove('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404)
    const [original] = await arms()
    expect((await remove(original?.id ?? '')).statusCode).toBe(400)

    await visit(ctx, funnel.offerId)
    const late = await remove(b.id)
    expect(late.statusCode).toBe(409)
    expect(late.json().detail).toBe(splitTestMessages.startedWithVisitors)
    expect((await arms()).map((arm) => arm.name)).toEqual(['Original', 'Variant B'])
  })
})
