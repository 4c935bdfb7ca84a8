import { readFile } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { inviteSeller } from './journey.js'
import type { RunningServer } from './server.js'

/*
 * The funnel journeys need a seller with offers, a pixel and a connected payment account. The
 * dashboard screens have their own journeys; here everything is set up through the API (as the
 * dashboard would call it) so that the visitor's journeys stay fast and about the visitor.
 */

export type Seller = { token: string; userId: string; email: string }

type Json = Record<string, unknown>

async function call(
  server: RunningServer,
  method: string,
  apiPath: string,
  options: { token?: string; json?: unknown; form?: FormData } = {},
) {
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (options.token) headers.Authorization = `Bearer ${options.token}`
  let body: BodyInit | undefined
  if (options.form) body = options.form
  else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(options.json)
  }
  const response = await fetch(`${server.url}/api/v1${apiPath}`, { method, headers, body })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${apiPath} answered ${response.status}: ${text}`)
  return (text ? JSON.parse(text) : null) as Json
}

/** The claims of an access token (the browser reads them the same way; the signature is the server's business). */
function claimsOf(token: string): Json {
  const payload = token.split('.')[1] ?? ''
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Json
}

/** The password of every seller `createSeller` makes. */
export const sellerPassword = 'a long test password 2024'

/** An invited seller who signed up and logged in through the API. */
export async function createSeller(server: RunningServer, email: string): Promise<Seller> {
  const link = new URL(await inviteSeller(server, email))
  const password = sellerPassword
  await call(server, 'POST', '/seller/', {
    json: {
      full_name: 'Ada Lovelace',
      email,
      business_name: 'Acme Courses',
      website: 'https://acme.example',
      business_industry: 'Education & Courses',
      staff_members: 'Just me',
      has_stripe_account: false,
      password,
      confirmed_password: password,
      token: link.searchParams.get('token'),
    },
  })
  const { access } = await call(server, 'POST', '/authentication/token/', { json: { email, password } })
  if (typeof access !== 'string') throw new Error('the log-in answered no access token')
  return { token: access, userId: String(claimsOf(access).user_id), email }
}

/** A PNG drawn from SVG, so the screenshots show something that looks like a product. */
export async function productImage(title: string, colors: [string, string], size = { width: 1200, height: 800 }): Promise<Blob> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <rect x="${size.width * 0.3}" y="${size.height * 0.12}" width="${size.width * 0.4}" height="${size.height * 0.76}" rx="18" fill="#ffffff" opacity="0.95"/>
    <text x="50%" y="46%" font-family="sans-serif" font-size="${size.height * 0.07}" font-weight="700" text-anchor="middle" fill="#2d0a45">${title}</text>
    <text x="50%" y="56%" font-family="sans-serif" font-size="${size.height * 0.04}" text-anchor="middle" fill="#6a1b9a">FREE GUIDE</text>
  </svg>`
  const png = await sharp(Buffer.from(svg)).png().toBuffer()
  return new Blob([new Uint8Array(png)], { type: 'image/png' })
}

/** A wordmark logo, wide and short like the ones sellers upload. */
export async function logoImage(name: string): Promise<Blob> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="560" height="120">
    <rect width="100%" height="100%" fill="#ffffff"/>
    <circle cx="60" cy="60" r="38" fill="#6a1b9a"/>
    <text x="60" y="74" font-family="sans-serif" font-size="40" font-weight="700" text-anchor="middle" fill="#ffffff">${name.charAt(0)}</text>
    <text x="116" y="76" font-family="sans-serif" font-size="48" font-weight="700" fill="#2d0a45">${name}</text>
  </svg>`
  const png = await sharp(Buffer.from(svg)).png().toBuffer()
  return new Blob([new Uint8Array(png)], { type: 'image/png' })
}

function formOf(fields: Record<string, string | Blob>): FormData {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) {
    if (value instanceof Blob) form.append(key, value, `${key}.png`)
    else form.append(key, value)
  }
  return form
}

export async function createBumpOffer(server: RunningServer, seller: Seller, fields: Record<string, string | Blob>) {
  return call(server, 'POST', '/bump-offer/', { token: seller.token, form: formOf(fields) })
}

export async function createUpsellOffer(server: RunningServer, seller: Seller, fields: Record<string, string | Blob>) {
  return call(server, 'POST', '/upsell-offer/', { token: seller.token, form: formOf(fields) })
}

export async function createFreeOffer(server: RunningServer, seller: Seller, fields: Record<string, string | Blob>) {
  return call(server, 'POST', '/free-product/', { token: seller.token, form: formOf(fields) })
}

/** Issue 27: a variant of a free offer's page; the first one starts its split test. */
export async function createVariant(server: RunningServer, seller: Seller, offerId: string, fields: Json) {
  return call(server, 'POST', `/free-product/${offerId}/variants/`, { token: seller.token, json: fields })
}

/** Issue 27: a variant's own image (multipart, as the dashboard sends it). */
export async function setVariantImage(server: RunningServer, seller: Seller, offerId: string, variantId: string, image: Blob) {
  return call(server, 'PUT', `/free-product/${offerId}/variants/${variantId}/image/`, {
    token: seller.token,
    form: formOf({ asset_image: image }),
  })
}

export async function addPixel(server: RunningServer, seller: Seller, pixel: { pixel_type: 'facebook' | 'google'; script: string }) {
  return call(server, 'POST', '/advertising-pixel/', { token: seller.token, json: pixel })
}

/** Settings → Conversions API: only "Ask visitors for consent before tracking" (D31). */
export async function setConsentRequired(server: RunningServer, seller: Seller, consentRequired: boolean) {
  return call(server, 'PUT', '/conversions-api/', {
    token: seller.token,
    json: { meta: {}, google: {}, consent_required: consentRequired },
  })
}

export async function setCompanyLinks(server: RunningServer, seller: Seller, links: Record<string, string>) {
  return call(server, 'PATCH', `/store-settings/${seller.userId}/`, { token: seller.token, json: links })
}

/** Connects the local test provider's account: the connect call, then 'Approve' on its onboarding page. */
export async function connectLocalPayments(server: RunningServer, seller: Seller, page: Page) {
  const { url } = await call(server, 'POST', '/stripe/account/connect/', { token: seller.token, json: { has_stripe_account: false } })
  if (typeof url !== 'string') throw new Error('the connect call answered no onboarding url')
  await page.goto(url)
  await page.getByRole('button', { name: 'Approve' }).click()
  await page.waitForURL('**/thank-you-stripe')
}

/**
 * Reads this server's embedded database directly (what the browser cannot see: the emails the
 * product sent). The server keeps the database password under DATA_DIR.
 */
export async function queryDatabase<T extends pg.QueryResultRow>(server: RunningServer, sql: string, params: unknown[] = []): Promise<T[]> {
  const dataDir = server.env.DATA_DIR ?? ''
  const password = (await readFile(path.join(dataDir, 'secrets', 'postgres-password'), 'utf8')).trim()
  const client = new pg.Client({
    connectionString: `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${server.env.EMBEDDED_DB_PORT}/postgres`,
  })
  await client.connect()
  try {
    return (await client.query<T>(sql, params)).rows
  } finally {
    await client.end()
  }
}

export type StoredEmail = { to: string; subject: string; text: string; kind: string }

/** Waits for the product to have stored an email of `kind` to `to` (fulfilment runs right after the payment event). */
export async function waitForEmail(server: RunningServer, to: string, kind: string, timeoutMs = 60_000): Promise<StoredEmail> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const [email] = await queryDatabase<StoredEmail>(
      server,
      'select "to", subject, text, kind from emails where lower("to") = lower($1) and kind = $2 order by created_at desc limit 1',
      [to, kind],
    )
    if (email) return email
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`no ${kind} email to ${to} within ${timeoutMs} ms`)
}

/** The visitor's first steps on a public offer page: open it, press the opt-in button, type their details. */
export async function optIn(page: Page, optInLabel: string, visitor: { fullName: string; email: string }) {
  await page.getByRole('button', { name: optInLabel }).click()
  await page.getByLabel('Full Name').fill(visitor.fullName)
  await page.getByLabel('Email Address').fill(visitor.email)
}
