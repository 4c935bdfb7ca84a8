import { splitOriginalName } from '@funnelry/shared'
import type { TestApp } from '../../../test/build-test-app.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { parseCsv } from '../reports/report-test-kit.js'
import { experimentOf, onPages, pickWinner, type SplitFunnel, useSplitFunnel, visit } from './split-test-kit.js'

type Arm = { id: string; name: string; is_control: boolean }

describe('a later test’s original has one name everywhere it is named (issue 27)', () => {
  let ctx: TestApp
  let funnel: SplitFunnel
  useSplitFunnel((app, made) => {
    ctx = app
    funnel = made
  })

  const startAll = (body: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: `/api/v1/free-product/${funnel.offerId}/experiment/`, headers: funnel.headers, payload: body })

  test('the second test’s original is “Original (test 2)” in its arms, its results, the Leads list and the CSV export', async () => {
    expect(splitOriginalName(1)).toBe('Original')
    expect(splitOriginalName(2)).toBe('Original (test 2)')
    const [, first] = (await startAll({ variants: [{ headline: 'Recipes That Pay', weight: 50 }] })).json() as Arm[]
    expect((await pickWinner(ctx, funnel.headers, funnel.offerId, first?.id ?? '')).statusCode).toBe(200)

    const started = (await startAll({ variants: [{ headline: 'Cook Less', weight: 50 }] })).json() as Arm[]
    const original = started.find((arm) => arm.is_control)
    expect(original?.name).toBe(splitOriginalName(2))
    const arms = (
      await ctx.app.inject({ url: `/api/v1/free-product/${funnel.offerId}/variants/`, headers: funnel.headers })
    ).json() as Arm[]
    expect(arms.find((arm) => arm.is_control)?.name).toBe(splitOriginalName(2))
    const results = (await experimentOf(ctx, funnel.headers, funnel.offerId)).json() as { number: number; variants: Arm[] }
    expect(results.number).toBe(2)
    expect(results.variants.find((arm) => arm.is_control)?.name).toBe(splitOriginalName(results.number))

    const seen = await visit(ctx, funnel.offerId, `funnelry_split_${funnel.offerId}=${original?.id}`)
    const optIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/seller/webhook/notify/',
      headers: { ...onPages, cookie: seen.cookie },
      payload: { product_id: funnel.offerId, full_name: 'Grace Hopper', email: 'grace@example.com' },
    })
    expect(optIn.statusCode).toBe(201)
    const leads = (await ctx.app.inject({ url: '/api/v1/leads/', headers: funnel.headers })).json() as {
      results: { email: string; variant: { name: string } | null }[]
    }
    expect(leads.results.find((lead) => lead.email === 'grace@example.com')?.variant?.name).toBe(splitOriginalName(2))
    const [header = [], ...records] = parseCsv((await ctx.app.inject({ url: '/api/v1/leads/export/', headers: funnel.headers })).body)
    const record = records.find((cells) => cells[header.indexOf('email')] === 'grace@example.com')
    expect(record?.[header.indexOf('variant')]).toBe(splitOriginalName(2))
  })
})
