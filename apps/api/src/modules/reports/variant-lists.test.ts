import type { TestApp } from '../../../test/build-test-app.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { buyBump, onPages, type SplitFunnel, startTest, useSplitFunnel, visit } from '../experiments/split-test-kit.js'
import { parseCsv } from './report-test-kit.js'

type Row = { email: string; variant: { id: string; name: string } | null }

describe('the Leads and Orders lists and exports say which split-test variant each visitor saw (decision D36)', () => {
  let ctx: TestApp
  let funnel: SplitFunnel
  useSplitFunnel((app, made) => {
    ctx = app
    funnel = made
  })

  const optIn = (cookie: string, email: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/seller/webhook/notify/',
      headers: { ...onPages, cookie },
      payload: { product_id: funnel.offerId, full_name: 'A Visitor', email },
    })
  const list = async (kind: 'leads' | 'orders') =>
    ((await ctx.app.inject({ url: `/api/v1/${kind}/`, headers: funnel.headers })).json() as { results: Row[] }).results
  const variantsByEmail = (rows: Row[]) => Object.fromEntries(rows.map((row) => [row.email, row.variant?.name ?? null]))
  const csvByEmail = async (kind: 'leads' | 'orders') => {
    const [header = [], ...records] = parseCsv((await ctx.app.inject({ url: `/api/v1/${kind}/export/`, headers: funnel.headers })).body)
    const [email, variant] = [header.indexOf('email'), header.indexOf('variant')]
    // Where the column stands: after the campaign's, before the time (always the last cell).
    expect(header.slice(-3)).toEqual(['gclid', 'variant', 'created_at'])
    return Object.fromEntries(records.map((record) => [record[email], record[variant]]))
  }

  test('each lead and order names its arm, “Original” for the page itself, and nothing outside a test', async () => {
    // Before the test: a plain opt-in, attributed to no variant.
    expect((await optIn('', 'before@example.com')).statusCode).toBe(201)
    const variant = (
      await startTest(ctx, funnel.headers, funnel.offerId, { name: 'Short copy', headline: 'Recipes That Pay', weight: 50 })
    ).json()
    const [original] = (
      await ctx.app.inject({ method: 'GET', url: `/api/v1/free-product/${funnel.offerId}/variants/`, headers: funnel.headers })
    ).json() as { id: string }[]
    const seen = await visit(ctx, funnel.offerId, `funnelry_split_${funnel.offerId}=${variant.id}`)
    const control = await visit(ctx, funnel.offerId, `funnelry_split_${funnel.offerId}=${original?.id}`)
    expect((await optIn(seen.cookie, 'variant@example.com')).statusCode).toBe(201)
    expect((await optIn(control.cookie, 'original@example.com')).statusCode).toBe(201)
    await buyBump(ctx, funnel.offerId, seen.cookie, funnel.bump.id, 'variant.buyer@example.com')
    await buyBump(ctx, funnel.offerId, control.cookie, funnel.bump.id, 'original.buyer@example.com')

    const leads = await list('leads')
    expect(variantsByEmail(leads)).toMatchObject({
      'before@example.com': null,
      'variant@example.com': 'Short copy',
      'original@example.com': 'Original',
      'variant.buyer@example.com': 'Short copy',
    })
    expect(leads.find((row) => row.email === 'variant@example.com')?.variant).toEqual({ id: variant.id, name: 'Short copy' })
    expect(variantsByEmail(await list('orders'))).toEqual({
      'variant.buyer@example.com': 'Short copy',
      'original.buyer@example.com': 'Original',
    })
    expect(await csvByEmail('leads')).toMatchObject({
      'before@example.com': '',
      'variant@example.com': 'Short copy',
      'original@example.com': 'Original',
    })
    expect(await csvByEmail('orders')).toEqual({ 'variant.buyer@example.com': 'Short copy', 'original.buyer@example.com': 'Original' })

    // Leads and orders keep their variant after the test ends (“Make this the page”).
    await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/free-product/${funnel.offerId}/experiment/winner/`,
      headers: funnel.headers,
      payload: { variant_id: variant.id },
    })
    expect(variantsByEmail(await list('orders'))['variant.buyer@example.com']).toBe('Short copy')
    const order = (await list('orders')).find((row) => row.email === 'original.buyer@example.com') as Row & { id: string }
    const one = await ctx.app.inject({ url: `/api/v1/orders/${order.id}/`, headers: funnel.headers })
    expect(one.json().variant).toEqual({ id: original?.id, name: 'Original' })
  })

  test('a variant name that looks like a formula is defused in the CSV, as every cell is', async () => {
    const variant = (await startTest(ctx, funnel.headers, funnel.offerId, { name: '=HYPERLINK("x")', weight: 50 })).json()
    const seen = await visit(ctx, funnel.offerId, `funnelry_split_${funnel.offerId}=${variant.id}`)
    await optIn(seen.cookie, 'formula@example.com')
    expect((await csvByEmail('leads'))['formula@example.com']).toBe(`'=HYPERLINK("x")`)
    expect(variantsByEmail(await list('leads'))['formula@example.com']).toBe('=HYPERLINK("x")')
  })
})
