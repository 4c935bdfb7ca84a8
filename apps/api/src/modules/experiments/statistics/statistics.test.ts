import { describe, expect, it } from 'vitest'
import { compareToControl, expectedShortfall } from './bayesian-lift.js'
import { chiSquareSurvival } from './chi-square.js'
import { normalCdf } from './normal.js'
import { type ArmTotals, armSample, meanInterval } from './revenue-per-visitor.js'
import { SRM_THRESHOLD, sampleRatioPValue } from './sample-ratio.js'

/**
 * Reference values were computed independently of this code, in Python with scipy
 * (norm, truncnorm, chi2), from GrowthBook's published formulas: SampleMeanStatistic's mean and
 * (n - 1) variance, frequentist_diff / frequentist_variance (relative, delta method), the flat
 * prior of EffectBayesianABTest, chance_to_win = norm.sf(0, lift, sd), risk from truncnorm means.
 */

/** Visitors of an arm and the revenue of each buyer (everyone else spent 0). */
function arm(visitors: number, buyers: number[]): ArmTotals {
  return {
    visitors,
    revenue: buyers.reduce((sum, r) => sum + r, 0),
    revenueSquares: buyers.reduce((sum, r) => sum + r * r, 0),
  }
}
const repeat = (value: number, times: number): number[] => Array.from({ length: times }, () => value)

function verdict(control: ArmTotals, variant: ArmTotals) {
  const result = compareToControl(armSample(control), armSample(variant))
  if ('none' in result) throw new Error(`expected a verdict, got ${result.none}`)
  return result
}

describe('normal and chi-square tails', () => {
  it('matches scipy in the body and both tails', () => {
    expect(normalCdf(0)).toBe(0.5)
    expect(normalCdf(1.96)).toBeCloseTo(0.9750021048517795, 13)
    expect(normalCdf(0.3)).toBeCloseTo(0.6179114221889527, 13)
    expect(normalCdf(-1.5)).toBeCloseTo(0.06680720126885807, 13)
    expect(normalCdf(-3) / 1.3498980316300946e-3).toBeCloseTo(1, 10)
    expect(normalCdf(-8) / 6.22096057427178e-16).toBeCloseTo(1, 8)
  })

  it('gives the chi-square survival of scipy.stats.chi2.sf', () => {
    expect(chiSquareSurvival(4, 1)).toBeCloseTo(0.04550026389635857, 12)
    expect(chiSquareSurvival(16, 1) / 6.334248366623988e-5).toBeCloseTo(1, 9)
    expect(chiSquareSurvival(20, 2) / 4.539992976248486e-5).toBeCloseTo(1, 9)
    expect(chiSquareSurvival(0.7766990291262136, 1)).toBeCloseTo(0.3781525990573308, 12)
    expect(chiSquareSurvival(0, 3)).toBe(1)
  })
})

describe('revenue per visitor of an arm', () => {
  it('counts visitors without a purchase as 0', () => {
    const sample = armSample(arm(1000, [...repeat(27, 40), ...repeat(64, 10)]))
    expect(sample.mean).toBeCloseTo(1.72, 12)
    expect(sample.variance).toBeCloseTo(67.22882882882884, 9)
  })

  it('has no interval and no NaN without visitors', () => {
    const empty = armSample(arm(0, []))
    expect(empty).toEqual({ n: 0, mean: 0, variance: 0 })
    expect(meanInterval(empty, 1.96)).toBeNull()
  })
})

describe('chance to beat control and expected loss (GrowthBook flat prior, relative lift)', () => {
  it("reproduces gbstats' own fixture (test_bayesian.py, SampleMeanStatistic 100/1002.25/10 vs 105/1111.5/10)", () => {
    const result = verdict({ visitors: 10, revenue: 100, revenueSquares: 1002.25 }, { visitors: 10, revenue: 105, revenueSquares: 1111.5 })
    expect(result.lift).toBeCloseTo(0.05, 12)
    expect(result.liftSd).toBeCloseTo(0.03571589282098377, 12)
    expect(result.chanceToBeatControl).toBeCloseTo(0.9192339081566245, 10)
    expect(result.expectedLoss).toBeCloseTo(0.001309817163926532, 10)
  })

  it('two arms of equal traffic', () => {
    const result = verdict(arm(1000, [...repeat(27, 40), ...repeat(64, 10)]), arm(1000, [...repeat(27, 35), ...repeat(64, 18)]))
    expect(result.lift).toBeCloseTo(0.2191860465116279, 12)
    expect(result.liftSd).toBeCloseTo(0.2566519343920987, 10)
    expect(result.chanceToBeatControl).toBeCloseTo(0.8034532203707233, 9)
    expect(result.expectedLoss).toBeCloseTo(0.02802106339491192, 9)
  })

  it('a variant with fewer buyers that earns more through its upsell wins on revenue per visitor', () => {
    const result = verdict(arm(500, repeat(27, 30)), arm(500, [...repeat(27, 20), ...repeat(94, 10)]))
    expect(result.lift).toBeCloseTo(0.8271604938271604, 12)
    expect(result.chanceToBeatControl).toBeCloseTo(0.9491784618607819, 9)
    expect(result.expectedLoss).toBeCloseTo(0.010758990976227848, 9)
  })

  it('very unequal arms (9000 against 1000 visitors)', () => {
    const result = verdict(arm(9000, [...repeat(27, 270), ...repeat(64, 45)]), arm(1000, [...repeat(27, 25), ...repeat(64, 8)]))
    expect(result.lift).toBeCloseTo(0.05044247787610634, 12)
    expect(result.liftSd).toBeCloseTo(0.20691681155096484, 10)
    expect(result.chanceToBeatControl).toBeCloseTo(0.5962999515081172, 9)
    expect(result.expectedLoss).toBeCloseTo(0.05976743434346815, 9)
  })

  it('a worse variant has a small chance and a loss near its drop', () => {
    const result = verdict(arm(2000, repeat(50, 100)), arm(2000, repeat(50, 80)))
    expect(result.lift).toBeCloseTo(-0.2, 12)
    expect(result.chanceToBeatControl).toBeCloseTo(0.04413830052805739, 9)
    expect(result.expectedLoss).toBeCloseTo(0.202122022358742, 9)
  })

  it('gives no verdict (never NaN) for zero-revenue arms, an arm without buyers or without visitors', () => {
    expect(compareToControl(armSample(arm(100, [])), armSample(arm(100, [])))).toEqual({ none: 'control_earns_nothing' })
    expect(compareToControl(armSample(arm(100, [])), armSample(arm(100, [27])))).toEqual({ none: 'control_earns_nothing' })
    expect(compareToControl(armSample(arm(100, [27, 27])), armSample(arm(100, [])))).toEqual({ none: 'no_spread' })
    expect(compareToControl(armSample(arm(0, [])), armSample(arm(10, [5])))).toEqual({ none: 'no_visitors' })
    expect(compareToControl(armSample(arm(1, [5])), armSample(arm(1, [5])))).toEqual({ none: 'no_spread' })
  })

  it('keeps the expected loss finite far in the tails', () => {
    expect(expectedShortfall(40, 1)).toBe(0)
    expect(expectedShortfall(-40, 1)).toBeCloseTo(40, 9)
  })
})

describe('sample ratio mismatch', () => {
  it('matches the chi-square p-values of scipy', () => {
    expect(sampleRatioPValue([5000, 5000], [1, 1])).toBe(1)
    expect(sampleRatioPValue([5100, 4900], [50, 50])).toBeCloseTo(0.04550026389635857, 12)
    expect((sampleRatioPValue([5200, 4800], [1, 1]) ?? 1) / 6.334248366623988e-5).toBeCloseTo(1, 9)
    expect(sampleRatioPValue([8000, 1000, 1000], [8, 1, 1])).toBe(1)
    expect(sampleRatioPValue([700, 330], [2, 1])).toBeCloseTo(0.3781525990573308, 12)
    expect((sampleRatioPValue([1000, 1100, 900], [1, 1, 1]) ?? 1) / 4.539992976248486e-5).toBeCloseTo(1, 9)
  })

  it('warns only below 0.001 and has nothing to check without visitors', () => {
    expect(sampleRatioPValue([5200, 4800], [1, 1]) ?? 1).toBeLessThan(SRM_THRESHOLD)
    expect(sampleRatioPValue([5100, 4900], [1, 1]) ?? 0).toBeGreaterThan(SRM_THRESHOLD)
    expect(sampleRatioPValue([0, 0], [1, 1])).toBeNull()
    expect(sampleRatioPValue([10], [1])).toBeNull()
  })
})
