import { offerMessages, splitTestMessages } from '@funnelry/shared'
import type { TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { imageBytes, imagePart, sendForm, validFree } from '../offers/offer-test-kit.js'
import { onPages, pickWinner, type SplitFunnel, startTest, useSplitFunnel, visit } from './split-test-kit.js'

type PageOffer = { headline: string; asset_image: string | null }

/** The offer a rendered page carries for the browser (the same data the page's HTML is made from). */
const pageOffer = (html: string): PageOffer =>
  JSON.parse(/<script id="funnelry-page" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '{}').offer

describe('a split-test variant with its own image (issue 27)', () => {
  let ctx: TestApp
  let funnel: SplitFunnel
  useSplitFunnel((app, made) => {
    ctx = app
    funnel = made
  })

  const imageUrl = (variantId: string) => `/api/v1/free-product/${funnel.offerId}/variants/${variantId}/image/`
  const setImage = async (variantId: string, image: ReturnType<typeof imagePart> | '', headers = funnel.headers) =>
    sendForm(ctx, 'PUT', imageUrl(variantId), { asset_image: image }, headers)
  const newVariant = async () => (await startTest(ctx, funnel.headers, funnel.offerId, { headline: 'With a photo', weight: 50 })).json()

  test('the variant’s page and preview show its image, the original’s keep the page’s; removing it brings the page’s back', async () => {
    const variant = await newVariant()
    expect(variant.asset_image).toBeNull()
    const set = await setImage(variant.id, imagePart(await imageBytes('png'), 'photo.png'))
    expect(set.statusCode).toBe(200)
    const url: string = set.json().asset_image
    expect(url).toMatch(/^\/media\/images\/[0-9a-f-]+\.png$/)
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(200)

    const [original, withImage] = (
      await ctx.app.inject({ method: 'GET', url: `/api/v1/free-product/${funnel.offerId}/variants/`, headers: funnel.headers })
    ).json() as { id: string; preview_url: string; asset_image: string | null }[]
    expect(original?.asset_image).toBeNull()
    expect(withImage?.asset_image).toBe(url)
    const preview = async (arm: { preview_url: string }) =>
      pageOffer((await ctx.app.inject({ method: 'GET', url: arm.preview_url.replace(ctx.config.publicUrl, '') })).body)
    expect((await preview(withImage ?? { preview_url: '' })).asset_image).toBe(url)
    expect((await preview(original ?? { preview_url: '' })).asset_image).toBeNull()

    const removed = await setImage(variant.id, '')
    expect(removed.json().asset_image).toBeNull()
    expect((await preview(withImage ?? { preview_url: '' })).asset_image).toBeNull()
    // The replaced file is deleted once no offer or variant shows it.
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404)
  })

  test('a visitor drawn to the variant gets its image, and the winner makes it the page’s image', async () => {
    const variant = await newVariant()
    const url: string = (await setImage(variant.id, imagePart(await imageBytes('jpeg'), 'photo.jpg', 'image/jpeg'))).json().asset_image
    const seen = new Set<string | null>()
    // Half the visitors see each arm: the first few cover both.
    for (let i = 0; i < 40 && seen.size < 2; i++) {
      const { page } = await visit(ctx, funnel.offerId)
      const offer = pageOffer(page.body)
      seen.add(offer.headline === 'With a photo' ? offer.asset_image : `original:${offer.asset_image}`)
    }
    expect(seen).toEqual(new Set([url, 'original:null']))

    expect((await pickWinner(ctx, funnel.headers, funnel.offerId, variant.id)).statusCode).toBe(200)
    const page = await ctx.app.inject({ method: 'GET', url: `/free-offer/${funnel.offerId}`, headers: onPages })
    expect(pageOffer(page.body)).toMatchObject({ headline: 'With a photo', asset_image: url })

    // The page's image replaced: the variant still shows the file, so it is kept (the experiments
    // module answers the offers' image store which files its variants use).
    const replaced = await sendForm(
      ctx,
      'PUT',
      `/api/v1/free-product/${funnel.offerId}/`,
      validFree({ asset_image: imagePart(await imageBytes('png'), 'new.png') }),
      funnel.headers,
    )
    expect(replaced.statusCode).toBe(200)
    expect(replaced.json().asset_image).not.toBe(url)
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(200)
  })

  test('refuses a file that is not an image, another seller’s variant, the original, and any change once visitors came', async () => {
    const variant = await newVariant()
    const text = await setImage(variant.id, imagePart(Buffer.from('hello, I am text'), 'x.png'))
    expect(text.statusCode).toBe(400)
    expect(text.json()).toEqual({ detail: expect.any(String), asset_image: [offerMessages.imageType] })

    const stranger = await createSellerSession(ctx)
    const png = imagePart(await imageBytes('png'), 'photo.png')
    expect((await setImage(variant.id, png, stranger.headers)).statusCode).toBe(404)
    expect((await setImage('not-a-variant', png)).statusCode).toBe(404)
    const [original] = (
      await ctx.app.inject({ method: 'GET', url: `/api/v1/free-product/${funnel.offerId}/variants/`, headers: funnel.headers })
    ).json() as { id: string }[]
    expect((await setImage(original?.id ?? '', png)).statusCode).toBe(400)

    await visit(ctx, funnel.offerId)
    const late = await setImage(variant.id, png)
    expect(late.statusCode).toBe(409)
    expect(late.json().detail).toBe(splitTestMessages.startedWithVisitors)
  })
})
