import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { imageVariant, imageVariantWidths } from '@funnelry/shared'
import sharp from 'sharp'
import { afterAll, beforeAll } from 'vitest'
import type { TestApp } from '../../test/build-test-app.js'
import { createSellerSession } from '../../test/factories.js'
import { describe, expect, test } from '../../test/fixtures.js'
import { startTestS3Server } from '../../test/s3-server.js'
import { imagePart, sendForm, validFree } from '../modules/offers/offer-test-kit.js'
import { createS3FileStorage } from './s3-file-storage.js'

const keyOf = (url: string, endpoint: string, bucket: string) => url.slice(`${endpoint}/${bucket}/`.length)

describe('uploads in an S3-compatible bucket (S3_* settings)', () => {
  let s3: Awaited<ReturnType<typeof startTestS3Server>>
  let ctx: TestApp
  let headers: Record<string, string>
  // One bucket server for the file (every test writes its own keys); an app per test on it.
  beforeAll(async () => {
    s3 = await startTestS3Server()
  })
  afterAll(() => s3?.close())
  test.override('appOptions', () => ({ env: s3.env }))
  test.beforeEach(async ({ app }) => {
    ctx = app
    ;({ headers } = await createSellerSession(ctx))
  })

  test('stores an offer image and its WebP sizes in the bucket, served from there with a long cache, and not in DATA_DIR', async () => {
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#20a060' } })
      .png()
      .toBuffer()
    const created = await sendForm(
      ctx,
      'POST',
      '/api/v1/free-product/',
      validFree({ asset_image: imagePart(photo, 'p.png', 'image/png') }),
      headers,
    )
    expect(created.statusCode).toBe(201)
    const url: string = created.json().asset_image
    expect(url).toMatch(new RegExp(`^${s3.endpoint}/${s3.bucket}/images/[0-9a-f-]+\\.png$`))

    const original = await s3.get(keyOf(url, s3.endpoint, s3.bucket))
    expect(original.status).toBe(200)
    expect(original.headers.get('content-type')).toBe('image/png')
    expect(original.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect((await sharp(Buffer.from(await original.arrayBuffer())).metadata()).width).toBe(900)
    for (const width of imageVariantWidths) {
      const variant = await fetch(imageVariant(url, width) ?? '')
      expect(variant.status).toBe(200)
      expect(variant.headers.get('content-type')).toBe('image/webp')
      expect((await sharp(Buffer.from(await variant.arrayBuffer())).metadata()).width).toBe(Math.min(width, 900))
    }

    // The folder stays empty, and this process serves no /media/ at all.
    await expect(readdir(path.join(ctx.config.dataDir, 'uploads'))).rejects.toThrow()
    expect((await ctx.app.inject({ url: `/media/${keyOf(url, s3.endpoint, s3.bucket)}` })).statusCode).toBe(404)
  })

  test('deletes the replaced image and its sizes from the bucket once the offer no longer uses it', async () => {
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer()
    const created = await sendForm(
      ctx,
      'POST',
      '/api/v1/free-product/',
      validFree({ asset_image: imagePart(photo, 'p.jpg', 'image/jpeg') }),
      headers,
    )
    const { id, asset_image: url } = created.json()
    expect((await fetch(url)).status).toBe(200)

    const cleared = await sendForm(ctx, 'PUT', `/api/v1/free-product/${id}/`, validFree({ asset_image: '' }), headers)
    expect(cleared.statusCode).toBe(200)
    expect(cleared.json().asset_image).toBeNull()
    expect((await fetch(url)).status).toBe(404)
    for (const width of imageVariantWidths) expect((await fetch(imageVariant(url, width) ?? '')).status).toBe(404)
  })

  test('serves files from S3_PUBLIC_URL when set (a CDN before the bucket), and deleting a missing key is no error', async () => {
    const storage = createS3FileStorage({ ...settingsOf(s3.env), publicUrl: 'https://cdn.example.com/' })
    await storage.put('images/cdn-check.png', new Uint8Array([1, 2, 3]), 'image/png')
    expect(storage.url('images/cdn-check.png')).toBe('https://cdn.example.com/images/cdn-check.png')
    expect(new Uint8Array(await (await s3.get('images/cdn-check.png')).arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]))
    await storage.delete('images/cdn-check.png')
    await storage.delete('images/cdn-check.png')
    expect((await s3.get('images/cdn-check.png')).status).toBe(404)
  })

  test("fails loudly, naming the store's answer, when the bucket does not exist", async () => {
    const storage = createS3FileStorage({ ...settingsOf(s3.env), bucket: 'no-such-bucket' })
    await expect(storage.put('images/x.png', new Uint8Array([1]), 'image/png')).rejects.toThrow(
      'S3 PUT images/x.png failed with 404: NoSuchBucket: The specified bucket does not exist',
    )
  })
})

function settingsOf(env: Record<string, string>) {
  return {
    endpoint: env.S3_ENDPOINT ?? '',
    bucket: env.S3_BUCKET ?? '',
    region: env.S3_REGION ?? '',
    accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
    publicUrl: `${env.S3_ENDPOINT}/${env.S3_BUCKET}`,
  }
}
