/**
 * One arm's revenue per visitor as a sample of all its visitors: a visitor who bought nothing is a
 * 0, so the sums over buyers and the visitor count are enough (no row per visitor is read).
 */
export type ArmTotals = {
  visitors: number
  /** Σ revenue of each buying visitor, in the currency's major unit (e.g. dollars). */
  revenue: number
  /** Σ (revenue of each buying visitor)². */
  revenueSquares: number
}

export type ArmSample = { n: number; mean: number; variance: number }

/** Mean and unbiased sample variance (n - 1), as GrowthBook's SampleMeanStatistic; 0 below 2 visitors. */
export function armSample({ visitors, revenue, revenueSquares }: ArmTotals): ArmSample {
  if (visitors <= 0) return { n: 0, mean: 0, variance: 0 }
  const mean = revenue / visitors
  if (visitors < 2) return { n: visitors, mean, variance: 0 }
  // Rounding can leave a hair below zero when every visitor spent the same.
  const variance = Math.max(0, (revenueSquares - (revenue * revenue) / visitors) / (visitors - 1))
  return { n: visitors, mean, variance }
}

/** The 95% interval of an arm's mean (the plot's band); null before there are two visitors. */
export function meanInterval(sample: ArmSample, z: number): { low: number; high: number } | null {
  if (sample.n < 2) return null
  const half = z * Math.sqrt(sample.variance / sample.n)
  return { low: sample.mean - half, high: sample.mean + half }
}
