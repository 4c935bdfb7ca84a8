import sharp from 'sharp'
import type { TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { type FormFields, multipart } from '../../../test/multipart.js'
import { paymentAccounts } from '../payments/payments-tables.js'

/** Helpers the offer tests share (never imported by the app). */

type Headers = Record<string, string>

/** Sends a multipart form, as the web forms do. */
export async function sendForm(ctx: TestApp, method: 'POST' | 'PUT' | 'PATCH', url: string, fields: FormFields, headers: Headers = {}) {
  const body = await multipart(fields)
  return ctx.app.inject({ method, url, payload: body.payload, headers: { ...headers, ...body.headers } })
}

export const validBump = (overrides: FormFields = {}): FormFields => ({
  url: 'https://example.com/bump',
  headline: 'Checklist',
  description: 'A one-page checklist',
  old_price: '19.99',
  new_price: '9.99',
  currency: '1',
  ...overrides,
})

export const validUpsell = (overrides: FormFields = {}): FormFields => ({
  headline: 'The full course',
  url: 'https://example.com/course',
  opt_in_button: 'Yes, add the course',
  product_price: '49',
  currency: '1',
  video_url: 'https://video.example.com/intro',
  description: 'Ten lessons',
  ...overrides,
})

export const validFree = (overrides: FormFields = {}): FormFields => ({
  headline: 'Free guide',
  sub_headline: 'Everything in 10 pages',
  url: 'https://example.com/guide.pdf',
  opt_in_button: 'Send me the guide',
  is_active: 'true',
  ...overrides,
})

export async function createBump(ctx: TestApp, headers: Headers, overrides: FormFields = {}) {
  const response = await sendForm(ctx, 'POST', '/api/v1/bump-offer/', validBump(overrides), headers)
  if (response.statusCode !== 201) throw new Error(`bump not created: ${response.body}`)
  return response.json() as { id: string; currency: number }
}

export async function createUpsell(ctx: TestApp, headers: Headers, overrides: FormFields = {}) {
  const response = await sendForm(ctx, 'POST', '/api/v1/upsell-offer/', validUpsell(overrides), headers)
  if (response.statusCode !== 201) throw new Error(`upsell not created: ${response.body}`)
  return response.json() as { id: string; currency: number }
}

export async function createFree(ctx: TestApp, headers: Headers, overrides: FormFields = {}) {
  const response = await sendForm(ctx, 'POST', '/api/v1/free-product/', validFree(overrides), headers)
  if (response.statusCode !== 201) throw new Error(`free offer not created: ${response.body}`)
  return response.json() as { id: string }
}

/** A real image of the given size, encoded by sharp; small sizes get noise so they are not trivial. */
export async function imageBytes(format: 'png' | 'jpeg', width = 40, height = 30, withExif = false): Promise<Buffer> {
  const noise = width * height <= 10_000 ? { noise: { type: 'gaussian' as const, mean: 128, sigma: 30 } } : {}
  let image = sharp({ create: { width, height, channels: 3, background: { r: 120, g: 40, b: 200 }, ...noise } })
  if (withExif) image = image.withExif({ IFD0: { Copyright: 'Secret Camera Owner', Artist: 'Someone' } })
  return format === 'png' ? image.png().toBuffer() : image.jpeg().toBuffer()
}

export const imagePart = (bytes: Uint8Array, filename: string, contentType = 'image/png') => ({ bytes, filename, contentType })

/**
 * The seller's payment account, as the provider reported it (decision D27: a free offer with a paid
 * BUMP or OTO goes live only while it can take charges). Onboarding itself is tested in payments.
 */
export async function setPaymentAccount(ctx: TestApp, sellerId: string, chargesEnabled = true) {
  await ctx.db
    .insert(paymentAccounts)
    .values({ sellerId, provider: 'local', accountId: `acct_local_${sellerId}`, chargesEnabled })
    .onConflictDoUpdate({ target: paymentAccounts.sellerId, set: { chargesEnabled } })
}

/** A signed-in seller whose payment account can take charges, so their offers with add-ons can go live. */
export async function createConnectedSellerSession(ctx: TestApp) {
  const session = await createSellerSession(ctx)
  await setPaymentAccount(ctx, session.seller.id)
  return session
}
