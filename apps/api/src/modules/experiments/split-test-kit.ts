import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { localTestCards } from '@funnelry/shared'
import type { TestApp } from '../../../test/build-test-app.js'
import { test } from '../../../test/fixtures.js'
import { insertBump, insertUpsell } from '../../../test/funnel-factories.js'
import { confirmLocal } from '../../../test/visitor-requests.js'
import { createConnectedSellerSession, createFree } from '../offers/offer-test-kit.js'

/** Helpers the split-test tests share (never imported by the app). */

export const onPages = { host: 'pages.funnelry.test' }

/** A built web app stand-in, so the pages origin renders offer pages as in production. */
export async function fakeWebDist(): Promise<string> {
  const webDist = await mkdtemp(path.join(os.tmpdir(), 'funnelry-split-'))
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>')
  await mkdir(path.join(webDist, '.vite'))
  await writeFile(
    path.join(webDist, '.vite', 'manifest.json'),
    JSON.stringify({ 'src/public/main.tsx': { file: 'assets/public-1.js', isEntry: true } }),
  )
  return webDist
}

/** A seller who can be paid, with a free offer carrying a $3.50 bump; and a $9.00 bump for a variant. */
export async function splitFunnel(ctx: TestApp) {
  const session = await createConnectedSellerSession(ctx)
  const bump = await insertBump(ctx, session.seller.id, { priceCents: 350 })
  const richBump = await insertBump(ctx, session.seller.id, { headline: 'The Big Checklist', priceCents: 900 })
  const upsell = await insertUpsell(ctx, session.seller.id)
  const offer = await createFree(ctx, session.headers, { headline: 'Seven Recipes', bump_offer_id: bump.id })
  return { ...session, offerId: offer.id, bump, richBump, upsell }
}
export type SplitFunnel = Awaited<ReturnType<typeof splitFunnel>>

/**
 * Inside a describe block: each test gets an app that renders pages from a stand-in web build and
 * a fresh `splitFunnel`, handed to `use` before the test runs; the build is removed after it.
 */
export function useSplitFunnel(use: (app: TestApp, funnel: SplitFunnel) => void) {
  let webDist = ''
  test.override('appOptions', () => ({ deps: { webDist } }))
  test.beforeEach(async () => {
    webDist = await fakeWebDist()
  })
  test.beforeEach(async ({ app }) => {
    use(app, await splitFunnel(app))
  })
  test.afterEach(async () => {
    await rm(webDist, { recursive: true, force: true })
  })
}

export const startTest = (ctx: TestApp, headers: Record<string, string>, offerId: string, body: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/free-product/${offerId}/variants/`, headers, payload: body })

export const experimentOf = (ctx: TestApp, headers: Record<string, string>, offerId: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/free-product/${offerId}/experiment/`, headers })

export const pickWinner = (ctx: TestApp, headers: Record<string, string>, offerId: string, variantId: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/free-product/${offerId}/experiment/winner/`, headers, payload: { variant_id: variantId } })

/** The `name=value` part of a Set-Cookie header naming the split cookie, if any. */
export function splitCookieOf(setCookie: string | string[] | undefined): string | null {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []
  return all.map((cookie) => cookie.split(';')[0] ?? '').find((pair) => pair.startsWith('funnelry_split_')) ?? null
}

/** One visitor: opens the page (assigned), the page's view call (counted), and answers its cookie. */
export async function visit(ctx: TestApp, offerId: string, cookie?: string) {
  const page = await ctx.app.inject({
    method: 'GET',
    url: `/free-offer/${offerId}`,
    headers: { ...onPages, ...(cookie ? { cookie } : {}) },
  })
  const assigned = splitCookieOf(page.headers['set-cookie']) ?? cookie ?? ''
  const view = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/free-product/${offerId}/view/`,
    headers: { ...onPages, cookie: assigned },
  })
  return { page, cookie: splitCookieOf(view.headers['set-cookie']) ?? assigned }
}

/** A visitor who buys the bump of the page they saw, through the real checkout and local card form. */
export async function buyBump(ctx: TestApp, offerId: string, cookie: string, bumpId: string, email: string) {
  const intent = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/stripe/payment-intent/',
    headers: { ...onPages, cookie },
    payload: { product_id: offerId, full_name: 'Ada Lovelace', email, bump_offer_id: bumpId },
  })
  if (intent.statusCode !== 200) throw new Error(`no intent: ${intent.body}`)
  const {
    client_secret: secret,
    intent_id: orderId,
    amount,
  } = intent.json() as { client_secret: string; intent_id: string; amount: string }
  const paid = await confirmLocal(ctx, { client_secret: secret, card_number: localTestCards.succeeds })
  if (paid.statusCode >= 300) throw new Error(`not paid: ${paid.body}`)
  return { orderId, amount }
}
