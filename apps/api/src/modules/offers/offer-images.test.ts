import { offerMessages } from '@funnelry/shared'
import sharp from 'sharp'
import type { TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { fileTooLarge } from './multipart-form.js'
import { createFree, imageBytes, imagePart, sendForm, validBump, validFree, validUpsell } from './offer-test-kit.js'

async function fetchImage(ctx: TestApp, url: string) {
  const response = await ctx.app.inject({ url })
  return { response, metadata: response.statusCode === 200 ? await sharp(response.rawPayload).metadata() : null }
}

describe('offer images', () => {
  let ctx: TestApp
  let headers: Record<string, string>
  test.beforeEach(async ({ app }) => {
    ctx = app
    ;({ headers } = await createSellerSession(ctx))
  })

  test('refuses text bytes named .png, and other formats, on their field', async () => {
    const gif = Buffer.from('474946383961010001000000002c00000000010001000002', 'hex')
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')
    const response = await sendForm(
      ctx,
      'POST',
      '/api/v1/free-product/',
      validFree({ asset_image: imagePart(Buffer.from('hello, I am text'), 'x.png'), logo: imagePart(gif, 'logo.jpg', 'image/jpeg') }),
      headers,
    )
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: expect.any(String), asset_image: [offerMessages.imageType], logo: [offerMessages.imageType] })

    const vector = await sendForm(ctx, 'POST', '/api/v1/bump-offer/', validBump({ asset_image: imagePart(svg, 'a.png') }), headers)
    expect(vector.json()).toEqual({ detail: expect.any(String), asset_image: [offerMessages.imageType] })
  })

  test('refuses a truncated JPEG and a text value in an image field', async () => {
    const jpeg = await imageBytes('jpeg', 200, 200)
    const truncated = await sendForm(
      ctx,
      'POST',
      '/api/v1/upsell-offer/',
      validUpsell({
        asset_image: imagePart(jpeg.subarray(0, jpeg.length / 2), 'half.jpg', 'image/jpeg'),
        logo: 'https://elsewhere/logo.png',
      }),
      headers,
    )
    expect(truncated.statusCode).toBe(400)
    expect(truncated.json()).toEqual({ detail: expect.any(String), logo: [offerMessages.imageType] })
    const onlyTruncated = await sendForm(
      ctx,
      'POST',
      '/api/v1/upsell-offer/',
      validUpsell({ asset_image: imagePart(jpeg.subarray(0, jpeg.length / 2), 'half.jpg', 'image/jpeg') }),
      headers,
    )
    expect(onlyTruncated.json()).toEqual({ detail: expect.any(String), asset_image: [offerMessages.imageType] })
  })

  test('decides by the bytes, not by the name or the declared type', async () => {
    const png = await imageBytes('png')
    const response = await sendForm(
      ctx,
      'POST',
      '/api/v1/bump-offer/',
      validBump({ asset_image: imagePart(png, 'notes.txt', 'text/plain') }),
      headers,
    )
    expect(response.statusCode).toBe(201)
    expect(response.json().asset_image).toMatch(/^\/media\/images\/[0-9a-f-]+\.png$/)
  })

  test('re-encodes a JPEG: metadata gone, upright, at most 1600 px, served from /media for a year', async () => {
    const photo = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#8040c0' } })
      .withExif({ IFD0: { Copyright: 'Secret Camera Owner', Artist: 'Someone' } })
      .jpeg()
      .toBuffer()
    expect((await sharp(photo).metadata()).exif).toBeDefined()

    const response = await sendForm(
      ctx,
      'POST',
      '/api/v1/free-product/',
      validFree({ asset_image: imagePart(photo, 'photo.jpeg', 'image/jpeg') }),
      headers,
    )
    expect(response.statusCode).toBe(201)
    const url: string = response.json().asset_image
    expect(url).toMatch(/^\/media\/images\/[0-9a-f-]+\.jpg$/)

    const { response: media, metadata } = await fetchImage(ctx, url)
    expect(media.statusCode).toBe(200)
    expect(media.headers['content-type']).toBe('image/jpeg')
    expect(media.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(metadata).toMatchObject({ format: 'jpeg', width: 1600, height: 533 })
    expect(metadata?.exif).toBeUndefined()
    expect(media.rawPayload.includes(Buffer.from('Secret Camera Owner'))).toBe(false)
  })

  test('turns a photo upright by its EXIF orientation and keeps a PNG a PNG', async () => {
    const sideways = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#ffffff' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer()
    const tall = await imageBytes('png', 1000, 3000)
    const response = await sendForm(
      ctx,
      'POST',
      '/api/v1/upsell-offer/',
      validUpsell({ asset_image: imagePart(sideways, 'side.jpg', 'image/jpeg'), logo: imagePart(tall, 'logo.png') }),
      headers,
    )
    expect(response.statusCode).toBe(201)
    const upright = await fetchImage(ctx, response.json().asset_image)
    expect(upright.metadata).toMatchObject({ width: 100, height: 300 })
    expect(upright.metadata?.orientation).toBeUndefined()
    const logo = await fetchImage(ctx, response.json().logo)
    expect(logo.metadata).toMatchObject({ format: 'png', width: 533, height: 1600 })
    expect(logo.response.headers['content-type']).toBe('image/png')
  })

  test('never enlarges a small image', async () => {
    const response = await sendForm(
      ctx,
      'POST',
      '/api/v1/bump-offer/',
      validBump({ asset_image: imagePart(await imageBytes('png', 40, 30), 'a.png') }),
      headers,
    )
    expect((await fetchImage(ctx, response.json().asset_image)).metadata).toMatchObject({ width: 40, height: 30 })
  })

  test('keeps an image not re-sent, replaces one sent anew, removes one sent empty, and deletes the old files', async () => {
    const created = await sendForm(
      ctx,
      'POST',
      '/api/v1/free-product/',
      validFree({
        asset_image: imagePart(await imageBytes('png'), 'a.png'),
        logo: imagePart(await imageBytes('jpeg'), 'l.jpg', 'image/jpeg'),
      }),
      headers,
    )
    const offer = created.json()

    const kept = await sendForm(ctx, 'PUT', `/api/v1/free-product/${offer.id}/`, validFree({ headline: 'Text only' }), headers)
    expect(kept.json()).toMatchObject({ headline: 'Text only', asset_image: offer.asset_image, logo: offer.logo })

    // A browser's untouched file input sends an empty part named "" (FormData in code cannot): also "keep".
    const boundary = 'untouched-file-input'
    const textParts = Object.entries(validFree()).map(
      ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`,
    )
    const emptyFile = `--${boundary}\r\nContent-Disposition: form-data; name="asset_image"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n`
    const untouched = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/free-product/${offer.id}/`,
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `${textParts.join('')}${emptyFile}--${boundary}--\r\n`,
    })
    expect(untouched.statusCode).toBe(200)
    expect(untouched.json()).toMatchObject({ asset_image: offer.asset_image })

    const changed = await sendForm(
      ctx,
      'PUT',
      `/api/v1/free-product/${offer.id}/`,
      validFree({ asset_image: imagePart(await imageBytes('jpeg'), 'b.jpg', 'image/jpeg'), logo: '' }),
      headers,
    )
    expect(changed.statusCode).toBe(200)
    const after = changed.json()
    expect(after.asset_image).toMatch(/\.jpg$/)
    expect(after.asset_image).not.toBe(offer.asset_image)
    expect(after.logo).toBeNull()
    expect((await ctx.app.inject({ url: after.asset_image })).statusCode).toBe(200)
    expect((await ctx.app.inject({ url: offer.asset_image })).statusCode).toBe(404)
    expect((await ctx.app.inject({ url: offer.logo })).statusCode).toBe(404)
  })

  test('refuses a file on a text field and a field sent twice', async () => {
    const png = await imageBytes('png')
    const asFile = await sendForm(ctx, 'POST', '/api/v1/free-product/', validFree({ headline: imagePart(png, 'h.png') }), headers)
    expect(asFile.statusCode).toBe(400)
    expect(asFile.json()).toEqual({ detail: expect.any(String), headline: ['Send this field as text, not as a file.'] })

    const free = await createFree(ctx, headers)
    const form = new FormData()
    form.append('is_active', 'true')
    form.append('is_active', 'false')
    const body = new Response(form)
    const twice = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/free-product/${free.id}/`,
      headers: { ...headers, 'content-type': body.headers.get('content-type') ?? '' },
      payload: Buffer.from(await body.arrayBuffer()),
    })
    expect(twice.statusCode).toBe(400)
    expect(twice.json()).toEqual({ detail: expect.any(String), is_active: ['Send this field once.'] })
  })

  test('answers 404 for a missing media file, and never serves a folder or a path outside uploads', async () => {
    expect((await ctx.app.inject({ url: '/media/images/nothing.png' })).statusCode).toBe(404)
    for (const url of ['/media/..%2f..%2fpackage.json', '/media/', '/media/images/']) {
      expect([403, 404]).toContain((await ctx.app.inject({ url })).statusCode)
    }
  })
})

describe('offer image size limit', () => {
  let ctx: TestApp
  let headers: Record<string, string>
  test.override('appOptions', () => ({ env: { MAX_UPLOAD_BYTES: '2000' } }))
  test.beforeEach(async ({ app }) => {
    ctx = app
    ;({ headers } = await createSellerSession(ctx))
  })

  test('answers 400 on each field whose file is too large, not 413 for the request', async () => {
    const big = await imageBytes('png', 100, 100)
    expect(big.length).toBeGreaterThan(2000)
    const response = await sendForm(
      ctx,
      'POST',
      '/api/v1/free-product/',
      validFree({ asset_image: imagePart(big, 'big.png'), logo: imagePart(big, 'big2.png') }),
      headers,
    )
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: expect.any(String), asset_image: [fileTooLarge(2000)], logo: [fileTooLarge(2000)] })
    expect(fileTooLarge(2000)).toBe('The file is larger than 1.95 KB. Upload a smaller image.')
    expect(fileTooLarge(10 * 1024 * 1024)).toBe('The file is larger than 10 MB. Upload a smaller image.')

    const small = await imageBytes('png', 8, 8)
    expect(small.length).toBeLessThanOrEqual(2000)
    const accepted = await sendForm(ctx, 'POST', '/api/v1/free-product/', validFree({ asset_image: imagePart(small, 's.png') }), headers)
    expect(accepted.statusCode).toBe(201)
  })
})
