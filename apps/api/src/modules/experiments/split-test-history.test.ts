import { splitTestMessages } from '@funnelry/shared'
import type { TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { experimentOf, pickWinner, type SplitFunnel, startTest, useSplitFunnel, visit } from './split-test-kit.js'

type Arm = { id: string; name: string; is_control: boolean; weight: number; headline: string; visitors: number }
type Experiment = { id: string; number: number; status: string; winner_variant_id: string | null; ended_at: string | null; variants: Arm[] }

describe('split tests: one-call start, names unique per offer, and the history of ended tests (issue 27)', () => {
  let ctx: TestApp
  let funnel: SplitFunnel
  useSplitFunnel((app, made) => {
    ctx = app
    funnel = made
  })

  const startAll = (body: Record<string, unknown>, headers = funnel.headers) =>
    ctx.app.inject({ method: 'POST', url: `/api/v1/free-product/${funnel.offerId}/experiment/`, headers, payload: body })
  const history = async (headers = funnel.headers) =>
    ctx.app.inject({ method: 'GET', url: `/api/v1/free-product/${funnel.offerId}/experiments/`, headers })

  test('one call starts the test with all its variants; a second start while it runs is a 409', async () => {
    const started = await startAll({
      variants: [
        { headline: 'Recipes That Pay', weight: 30 },
        { headline: 'Cook Less', weight: 30 },
      ],
      minimum_days: 3,
      minimum_visitors: 10,
    })
    expect(started.statusCode).toBe(201)
    expect(started.json().map((arm: Arm) => [arm.name, arm.weight, arm.headline])).toEqual([
      ['Original', 40, 'Seven Recipes'],
      ['Variant B', 30, 'Recipes That Pay'],
      ['Variant C', 30, 'Cook Less'],
    ])
    expect((await experimentOf(ctx, funnel.headers, funnel.offerId)).json()).toMatchObject({
      number: 1,
      minimum_days: 3,
      minimum_visitors: 10,
    })
    const again = await startAll({ variants: [{ weight: 50 }] })
    expect(again.statusCode).toBe(409)
    expect(again.json().detail).toBe(splitTestMessages.alreadyRunning)
    // The one-variant calls still work on the test it started.
    const added = await startTest(ctx, funnel.headers, funnel.offerId, { headline: 'Third', weight: 10, control_weight: 30 })
    expect(added.statusCode).toBe(201)
    expect(added.json().name).toBe('Variant D')
  })

  test('bad input is a 400 at the field to fix, and nothing starts; another seller’s offer is a 404', async () => {
    const tooMuch = await startAll({ variants: [{ weight: 60 }, { weight: 40 }] })
    expect(tooMuch.statusCode).toBe(400)
    expect(tooMuch.json().control_weight).toEqual([splitTestMessages.originalShare(100)])
    const badSum = await startAll({ variants: [{ weight: 20 }], control_weight: 50 })
    expect(badSum.statusCode).toBe(400)
    expect(badSum.json().weight).toEqual([splitTestMessages.weightsSum(70)])
    const sameName = await startAll({
      variants: [
        { name: 'Short', weight: 20 },
        { name: 'short', weight: 20 },
      ],
    })
    expect(sameName.statusCode).toBe(400)
    expect(sameName.json()['variants.1.name']).toEqual([splitTestMessages.nameTaken('short')])
    const empty = await startAll({ variants: [] })
    expect(empty.statusCode).toBe(400)
    expect(empty.json()).toHaveProperty('variants')
    expect((await experimentOf(ctx, funnel.headers, funnel.offerId)).statusCode).toBe(404)
    const other = await createSellerSession(ctx)
    expect((await startAll({ variants: [{ weight: 50 }] }, other.headers)).statusCode).toBe(404)
    expect((await history(other.headers)).statusCode).toBe(404)
  })

  test('a second test names its variants on from the first’s, and the ended tests stay readable with their results', async () => {
    expect((await history()).json()).toEqual([])
    const [, first] = (await startAll({ variants: [{ headline: 'Recipes That Pay', weight: 50 }] })).json() as Arm[]
    const visitor = await visit(ctx, funnel.offerId, `funnelry_split_${funnel.offerId}=${first?.id}`)
    expect(visitor.cookie).toContain(first?.id)
    expect((await pickWinner(ctx, funnel.headers, funnel.offerId, first?.id ?? '')).statusCode).toBe(200)

    const second = (await startAll({ variants: [{ headline: 'Cook Less', weight: 50 }] })).json() as Arm[]
    expect(second.map((arm) => arm.name)).toEqual(['Original (test 2)', 'Variant C'])
    // A name the offer already used, even in an ended test, is refused.
    const reused = await startTest(ctx, funnel.headers, funnel.offerId, { name: 'Variant B', weight: 10, control_weight: 40 })
    expect(reused.statusCode).toBe(400)
    expect(reused.json().name).toEqual([splitTestMessages.nameTaken('Variant B')])

    const past = (await history()).json() as Experiment[]
    expect(past).toHaveLength(1)
    expect(past[0]).toMatchObject({ number: 1, status: 'ended', winner_variant_id: first?.id })
    expect(past[0]?.ended_at).not.toBeNull()
    expect(past[0]?.variants.map((arm) => [arm.name, arm.headline, arm.visitors])).toEqual([
      ['Original', 'Seven Recipes', 0],
      ['Variant B', 'Recipes That Pay', 1],
    ])

    expect((await pickWinner(ctx, funnel.headers, funnel.offerId, second[0]?.id ?? '')).statusCode).toBe(200)
    const both = (await history()).json() as Experiment[]
    expect(both.map((test) => test.number)).toEqual([2, 1])
    expect(both[0]?.variants.map((arm) => arm.name)).toEqual(['Original (test 2)', 'Variant C'])
  })
})
