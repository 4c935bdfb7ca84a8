import type { TestApp } from '../../../test/build-test-app.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { experimentOf, onPages, type SplitFunnel, startTest, useSplitFunnel, visit } from './split-test-kit.js'

type Arm = { name: string; visitors: number; opt_ins: number }

describe('a split test counts opt-ins once per visitor (issue 27, decision 0029)', () => {
  let ctx: TestApp
  let funnel: SplitFunnel
  useSplitFunnel((app, made) => {
    ctx = app
    funnel = made
  })

  const optIn = async (cookie: string, email: string) => {
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/seller/webhook/notify/',
      headers: { ...onPages, cookie },
      payload: { product_id: funnel.offerId, full_name: 'Grace Hopper', email },
    })
    expect(answer.statusCode).toBe(201)
  }
  const figures = async () =>
    ((await experimentOf(ctx, funnel.headers, funnel.offerId)).json().variants as Arm[]).map((arm) => [arm.name, arm.visitors, arm.opt_ins])

  test('one browser opting in with two emails is two leads but one opt-in of its arm: opt-ins never exceed visitors', async () => {
    const variant = (await startTest(ctx, funnel.headers, funnel.offerId, { headline: 'Recipes That Pay', weight: 50 })).json()
    // The arm and the visitor token, as the page's cookie carries them.
    const cookie = `funnelry_split_${funnel.offerId}=${variant.id}.BBBBBBBBBBBBBBBB`
    const { cookie: counted } = await visit(ctx, funnel.offerId, cookie)
    await optIn(counted, 'grace@example.com')
    await optIn(counted, 'grace.hopper@example.com')
    expect(await figures()).toEqual([
      ['Original', 0, 0],
      ['Variant B', 1, 1],
    ])
    // Another visitor of the same arm is another opt-in.
    const other = await visit(ctx, funnel.offerId, `funnelry_split_${funnel.offerId}=${variant.id}.AAAAAAAAAAAAAAAA`)
    await optIn(other.cookie, 'ada@example.com')
    expect(await figures()).toEqual([
      ['Original', 0, 0],
      ['Variant B', 2, 2],
    ])
    // A visitor whose page view call never arrived, but who opted in, was a visitor all the same.
    const original = (await ctx.app.inject({ url: `/api/v1/free-product/${funnel.offerId}/variants/`, headers: funnel.headers }))
      .json()
      .find((arm: { is_control: boolean }) => arm.is_control)
    await optIn(`funnelry_split_${funnel.offerId}=${original.id}.CCCCCCCCCCCCCCCC`, 'alan@example.com')
    expect(await figures()).toEqual([
      ['Original', 1, 1],
      ['Variant B', 2, 2],
    ])
  })
})
