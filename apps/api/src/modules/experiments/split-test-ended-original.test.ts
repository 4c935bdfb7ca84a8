import type { TestApp } from '../../../test/build-test-app.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { imageBytes, imagePart, sendForm, validFree } from '../offers/offer-test-kit.js'
import { experimentOf, onPages, pickWinner, type SplitFunnel, startTest, useSplitFunnel } from './split-test-kit.js'

type PageOffer = { headline: string; sub_headline: string | null; opt_in_button: string; asset_image: string | null }
type Arm = {
  name: string
  headline: string
  sub_headline: string | null
  opt_in_button: string
  bump_offer_id: string | null
  asset_image: string | null
  preview_url: string
}

/** The offer a rendered page carries for the browser (the same data the page's HTML is made from). */
const pageOffer = (html: string): PageOffer =>
  JSON.parse(/<script id="funnelry-page" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '{}').offer

describe('an ended split test keeps its original as it was (issue 27)', () => {
  let ctx: TestApp
  let funnel: SplitFunnel
  useSplitFunnel((app, made) => {
    ctx = app
    funnel = made
  })

  const arms = async () => (await experimentOf(ctx, funnel.headers, funnel.offerId)).json().variants as Arm[]
  const preview = async (arm: Arm | undefined) =>
    pageOffer((await ctx.app.inject({ method: 'GET', url: (arm?.preview_url ?? '').replace(ctx.config.publicUrl, '') })).body)
  const editOffer = (fields: Parameters<typeof validFree>[0]) =>
    sendForm(ctx, 'PUT', `/api/v1/free-product/${funnel.offerId}/`, validFree(fields), funnel.headers)

  test('after “make this the page” the results and previews show the original page and the winner, not the winner twice', async () => {
    const variant = (
      await startTest(ctx, funnel.headers, funnel.offerId, {
        headline: 'Recipes That Pay',
        sub_headline: null,
        opt_in_button: 'Get it now',
        bump_offer_id: funnel.richBump.id,
        weight: 50,
      })
    ).json()
    expect((await pickWinner(ctx, funnel.headers, funnel.offerId, variant.id)).statusCode).toBe(200)
    const page = await ctx.app.inject({ method: 'GET', url: `/free-offer/${funnel.offerId}`, headers: onPages })
    expect(pageOffer(page.body).headline).toBe('Recipes That Pay')

    // The offer changes again later: the ended test's record does not follow it.
    expect((await editOffer({ headline: 'Recipes, Third Try', bump_offer_id: funnel.bump.id })).statusCode).toBe(200)
    const [original, winner] = await arms()
    expect(original).toMatchObject({
      name: 'Original',
      headline: 'Seven Recipes',
      sub_headline: 'Everything in 10 pages',
      opt_in_button: 'Send me the guide',
      bump_offer_id: funnel.bump.id,
    })
    expect(winner).toMatchObject({
      headline: 'Recipes That Pay',
      sub_headline: null,
      opt_in_button: 'Get it now',
      bump_offer_id: funnel.richBump.id,
    })
    expect(await preview(original)).toMatchObject({ headline: 'Seven Recipes', opt_in_button: 'Send me the guide' })
    expect(await preview(winner)).toMatchObject({ headline: 'Recipes That Pay', opt_in_button: 'Get it now' })
  })

  test('the original’s image stays in its preview (and its file is kept) after the winner’s image and a later one replaced it', async () => {
    const withImage = await editOffer({ headline: 'Seven Recipes', asset_image: imagePart(await imageBytes('png'), 'original.png') })
    const originalUrl: string = withImage.json().asset_image
    const variant = (await startTest(ctx, funnel.headers, funnel.offerId, { headline: 'With a photo', weight: 50 })).json()
    const set = await sendForm(
      ctx,
      'PUT',
      `/api/v1/free-product/${funnel.offerId}/variants/${variant.id}/image/`,
      { asset_image: imagePart(await imageBytes('jpeg'), 'photo.jpg', 'image/jpeg') },
      funnel.headers,
    )
    const winnerUrl: string = set.json().asset_image
    expect((await pickWinner(ctx, funnel.headers, funnel.offerId, variant.id)).statusCode).toBe(200)
    const replaced = await editOffer({ headline: 'With a photo', asset_image: imagePart(await imageBytes('png'), 'later.png') })
    expect(replaced.statusCode).toBe(200)

    const [original, winner] = await arms()
    expect(original?.asset_image).toBe(originalUrl)
    expect(winner?.asset_image).toBe(winnerUrl)
    expect(await preview(original)).toMatchObject({ headline: 'Seven Recipes', asset_image: originalUrl })
    expect(await preview(winner)).toMatchObject({ headline: 'With a photo', asset_image: winnerUrl })
    expect((await ctx.app.inject({ method: 'GET', url: originalUrl })).statusCode).toBe(200)
  })

  test('an original without an image shows none once ended, even though the winner brought one to the page', async () => {
    const variant = (await startTest(ctx, funnel.headers, funnel.offerId, { headline: 'With a photo', weight: 50 })).json()
    await sendForm(
      ctx,
      'PUT',
      `/api/v1/free-product/${funnel.offerId}/variants/${variant.id}/image/`,
      { asset_image: imagePart(await imageBytes('png'), 'photo.png') },
      funnel.headers,
    )
    expect((await pickWinner(ctx, funnel.headers, funnel.offerId, variant.id)).statusCode).toBe(200)
    const [original] = await arms()
    expect(original?.asset_image).toBeNull()
    expect(await preview(original)).toMatchObject({ headline: 'Seven Recipes', asset_image: null })
  })

  test('when the original wins, later edits of the offer do not rewrite the ended test either', async () => {
    await startTest(ctx, funnel.headers, funnel.offerId, { headline: 'Recipes That Pay', weight: 50 })
    const [control] = await arms()
    expect((await pickWinner(ctx, funnel.headers, funnel.offerId, (control as Arm & { id: string }).id)).statusCode).toBe(200)
    expect((await editOffer({ headline: 'Recipes, Third Try' })).statusCode).toBe(200)
    const [original] = await arms()
    expect(original?.headline).toBe('Seven Recipes')
    expect(await preview(original)).toMatchObject({ headline: 'Seven Recipes' })
  })
})
