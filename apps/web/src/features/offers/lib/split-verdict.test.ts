import type { SplitExperiment } from '@funnelry/shared'
import { describe, expect, it } from 'vitest'
import { pickCaution, verdictSentence } from './split-verdict'

type Variant = SplitExperiment['variants'][number]
const variant = (name: string, chance: number | null, revenuePerVisitor = '0.10'): Variant => ({
  id: `00000000-0000-4000-8000-00000000000${name.length}`,
  name,
  is_control: chance === null,
  weight: 50,
  headline: name,
  sub_headline: null,
  opt_in_button: 'Go',
  bump_offer_id: null,
  upsell_offer_id: null,
  asset_image: null,
  preview_url: '',
  visitors: 100,
  opt_ins: 10,
  orders: 1,
  revenue: '10.00',
  revenue_per_visitor: revenuePerVisitor,
  lift: null,
  chance_to_beat_control: chance,
  expected_loss: null,
})
const original = variant('Original', null)
const test = (verdict: SplitExperiment['verdict'], chance: number) =>
  ({ verdict, variants: [original, variant('Variant B', chance)] }) as SplitExperiment

describe('the split test verdict in words', () => {
  it('says why there is no verdict while the original has earned nothing (no chance to beat it can be computed)', () => {
    const unsold = { ...original, revenue: '0.00', revenue_per_visitor: '0.00' }
    const experiment = { verdict: 'ready', variants: [unsold, { ...variant('Variant B', null), is_control: false }] } as SplitExperiment
    expect(verdictSentence(experiment)).toEqual({
      text: 'No verdict yet: the original page has earned nothing so far, and each variant is judged by how much more it earns per visitor than the original. Let the test run until the original has sales too.',
      settled: false,
    })
    expect(verdictSentence({ ...experiment, variants: [original, { ...variant('Variant B', null), is_control: false }] })).toBeNull()
  })

  it('calls a variant at 95% or more a clear winner, the original when no variant passes 5%, and nothing settled between', () => {
    expect(verdictSentence(test('ready', 0.97))).toEqual({
      text: 'Variant B earns more per visitor than the original, with a 97.0% chance to beat it: a clear winner.',
      settled: true,
    })
    expect(verdictSentence(test('ready', 0.03))?.text).toBe(
      'The original earns more per visitor: no variant has more than a 3.0% chance to beat it.',
    )
    expect(verdictSentence(test('ready', 0.756))).toMatchObject({
      settled: false,
      text: expect.stringContaining('No clear winner yet: Variant B has a 75.6% chance'),
    })
    expect(verdictSentence(test('inconclusive', 0.99))).toBeNull()
    expect(verdictSentence(test('hidden', 0.99))).toBeNull()
  })

  it('with 3 or 4 arms, names every variant that beats the original and the one earning most, without ranking them', () => {
    const arms = [original, variant('Variant B', 0.97, '0.30'), variant('Variant C', 0.991, '0.25'), variant('Variant D', 0.4)]
    expect(verdictSentence({ verdict: 'ready', variants: arms } as SplitExperiment)).toEqual({
      text: 'Variant B and Variant C each earn more per visitor than the original (chances to beat it: 97.0% and 99.1%). Variant B earns the most per visitor so far; the test compares each variant with the original, not with each other.',
      settled: true,
    })
    // One clear winner among three challengers reads as before; none past 5% is the original's.
    const one = [original, variant('Variant B', 0.6), variant('Variant C', 0.98), variant('Variant D', 0.2)]
    expect(verdictSentence({ verdict: 'ready', variants: one } as SplitExperiment)?.text).toMatch(/^Variant C earns more per visitor/)
    const none = [original, variant('Variant B', 0.04), variant('Variant C', 0.01), variant('Variant D', 0.02)]
    expect(verdictSentence({ verdict: 'ready', variants: none } as SplitExperiment)?.text).toBe(
      'The original earns more per visitor: no variant has more than a 4.0% chance to beat it.',
    )
  })

  it('cautions a pick the numbers do not back, and says nothing for one they do', () => {
    const chosen = variant('Variant B', 0.756)
    expect(pickCaution(test('inconclusive', 0.756), chosen)).toContain('has not run its minimum yet')
    expect(pickCaution(test('hidden', 0.756), chosen)).toContain('not split as the weights say')
    expect(pickCaution(test('ready', 0.756), chosen)).toBe('Careful: Variant B has only a 75.6% chance to beat the original.')
    expect(pickCaution(test('ready', 0.97), variant('Variant B', 0.97))).toBeNull()
    expect(pickCaution(test('ready', 0.97), original)).toBe('Careful: Variant B very likely earns more per visitor than the original.')
    expect(pickCaution(test('ready', 0.5), original)).toBeNull()
    const two = { verdict: 'ready', variants: [original, variant('Variant B', 0.97, '0.30'), variant('Variant C', 0.99, '0.25')] }
    expect(pickCaution(two as SplitExperiment, variant('Variant C', 0.99, '0.25'))).toBe(
      'Note: Variant B also beats the original and earns more per visitor so far.',
    )
    expect(pickCaution(two as SplitExperiment, variant('Variant B', 0.97, '0.30'))).toBeNull()
  })
})
