import { chiSquareSurvival } from './chi-square.js'

/** Below this the split itself is broken (decision D36) and no verdict is shown. */
export const SRM_THRESHOLD = 0.001

/**
 * The sample-ratio-mismatch check: Pearson's chi-square goodness of fit of the visitors each arm
 * got against the shares its weight promised, as GrowthBook's `check_srm` (arms of weight 0 left
 * out). Null when there is nothing to check (fewer than two weighted arms, no visitors yet).
 */
export function sampleRatioPValue(visitors: readonly number[], weights: readonly number[]): number | null {
  const arms = visitors.map((count, i) => ({ count, weight: weights[i] ?? 0 })).filter((arm) => arm.weight > 0)
  const total = arms.reduce((sum, arm) => sum + arm.count, 0)
  const weightSum = arms.reduce((sum, arm) => sum + arm.weight, 0)
  if (arms.length < 2 || total === 0) return null
  let statistic = 0
  for (const arm of arms) {
    const expected = (arm.weight / weightSum) * total
    statistic += (arm.count - expected) ** 2 / expected
  }
  return chiSquareSurvival(statistic, arms.length - 1)
}
