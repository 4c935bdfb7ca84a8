import { rm } from 'node:fs/promises'
import path from 'node:path'
import { imageSrcSet, imageVariant, imageVariantWidths } from '@funnelry/shared'
import sharp from 'sharp'
import type { TestApp } from '../../test/build-test-app.js'
import { createSellerSession } from '../../test/factories.js'
import { describe, expect, test } from '../../test/fixtures.js'
import { imagePart, sendForm, validFree } from '../modules/offers/offer-test-kit.js'

async function uploadPhoto(ctx: TestApp, headers: Record<string, string>, width = 3000, height = 1000) {
  return (await uploadOffer(ctx, headers, width, height)).asset_image as string
}

async function uploadOffer(ctx: TestApp, headers: Record<string, string>, width: number, height: number) {
  const photo = await sharp({ create: { width, height, channels: 3, background: '#8040c0' } })
    .jpeg()
    .toBuffer()
  const response = await sendForm(
    ctx,
    'POST',
    '/api/v1/free-product/',
    validFree({ asset_image: imagePart(photo, 'p.jpg', 'image/jpeg') }),
    headers,
  )
  expect(response.statusCode).toBe(201)
  return response.json()
}

async function variantWidths(ctx: TestApp, url: string) {
  const widths: Record<number, number | undefined> = {}
  for (const width of imageVariantWidths) {
    const response = await ctx.app.inject({ url: imageVariant(url, width) ?? '' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('image/webp')
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const metadata = await sharp(response.rawPayload).metadata()
    expect(metadata.format).toBe('webp')
    widths[width] = metadata.width
  }
  return widths
}

describe('image variants', () => {
  let ctx: TestApp
  let headers: Record<string, string>
  test.beforeEach(async ({ app }) => {
    ctx = app
    ;({ headers } = await createSellerSession(ctx))
  })

  test('stores each upload as WebP at every width pages ask for, never enlarged', async () => {
    const url = await uploadPhoto(ctx, headers)
    expect(await variantWidths(ctx, url)).toEqual({ 240: 240, 480: 480, 800: 800, 1200: 1200 })
    expect(imageSrcSet(url)).toBe(imageVariantWidths.map((w) => `${imageVariant(url, w)} ${w}w`).join(', '))

    const small = await uploadPhoto(ctx, headers, 300, 200)
    expect(await variantWidths(ctx, small)).toEqual({ 240: 240, 480: 300, 800: 300, 1200: 300 })
  })

  test('makes the variants of an image stored before they existed on their first request', async () => {
    const url = await uploadPhoto(ctx, headers)
    const uploads = path.join(ctx.config.dataDir, 'uploads')
    for (const width of imageVariantWidths)
      await rm(path.join(uploads, ...(imageVariant(url, width) ?? '').replace('/media/', '').split('/')))
    expect((await ctx.app.inject({ url: imageVariant(url, 800) ?? '' })).statusCode).toBe(200)
    expect(await variantWidths(ctx, url)).toEqual({ 240: 240, 480: 480, 800: 800, 1200: 1200 })
  })

  test('deletes the variants with their original, and makes none for a missing original or a path outside uploads', async () => {
    const { id, asset_image: url } = await uploadOffer(ctx, headers, 600, 400)
    const replaced = await sendForm(ctx, 'PUT', `/api/v1/free-product/${id}/`, validFree({ asset_image: '' }), headers)
    expect(replaced.statusCode).toBe(200)
    for (const width of imageVariantWidths) {
      expect((await ctx.app.inject({ url: imageVariant(url, width) ?? '' })).statusCode).toBe(404)
    }
    expect((await ctx.app.inject({ url: '/media/images/nothing-here-w480.webp' })).statusCode).toBe(404)
    // The static server refuses a climbing path itself (403) before anything is read or made.
    expect([403, 404]).toContain((await ctx.app.inject({ url: '/media/images/..%2F..%2Fsecrets%2Fx-w480.webp' })).statusCode)
  })
})
