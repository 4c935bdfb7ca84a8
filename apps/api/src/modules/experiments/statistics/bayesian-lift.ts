import { normalCdf, normalPdf, Z_95 } from './normal.js'
import type { ArmSample } from './revenue-per-visitor.js'

export type LiftVerdict = {
  /** (variant mean - control mean) / control mean. */
  lift: number
  /** Its standard deviation by the delta method. */
  liftSd: number
  /** 95% credible interval of the lift. */
  interval: { low: number; high: number }
  /** P(lift > 0) under the posterior N(lift, sd²). */
  chanceToBeatControl: number
  /** E[max(-lift, 0)]: the share of the control's revenue per visitor expected to be lost by choosing the variant. */
  expectedLoss: number
}

export type NoVerdictReason = 'no_visitors' | 'control_earns_nothing' | 'no_spread'

/**
 * GrowthBook's default Bayesian engine (gbstats `EffectBayesianABTest`, relative difference, flat
 * improper prior): with a flat prior the posterior of the relative lift is the normal of the data,
 * centred on the observed lift with the delta method's variance
 *   var = σ_b² / (n_b μ_a²) + σ_a² μ_b² / (n_a μ_a⁴).
 * Where gbstats answers its uninformative default (no visitors, control mean 0, a zero variance)
 * this answers why there is no verdict instead of numbers that look like one.
 */
export function compareToControl(control: ArmSample, variant: ArmSample): LiftVerdict | { none: NoVerdictReason } {
  if (control.n === 0 || variant.n === 0) return { none: 'no_visitors' }
  if (control.mean <= 0) return { none: 'control_earns_nothing' }
  if (control.variance <= 0 || variant.variance <= 0) return { none: 'no_spread' }
  const muA = control.mean
  const lift = (variant.mean - muA) / muA
  const variance = variant.variance / (variant.n * muA ** 2) + (control.variance * variant.mean ** 2) / (control.n * muA ** 4)
  const liftSd = Math.sqrt(variance)
  if (!Number.isFinite(liftSd) || liftSd <= 0) return { none: 'no_spread' }
  const z = lift / liftSd
  return {
    lift,
    liftSd,
    interval: { low: lift - Z_95 * liftSd, high: lift + Z_95 * liftSd },
    chanceToBeatControl: normalCdf(z),
    expectedLoss: expectedShortfall(lift, liftSd),
  }
}

/**
 * E[max(-X, 0)] for X ~ N(μ, σ²), which is gbstats' treatment risk P(X < 0)·|E[X | X < 0]| written
 * without dividing by a probability that can be 0 far in the tail: σφ(μ/σ) - μΦ(-μ/σ).
 */
export function expectedShortfall(mu: number, sigma: number): number {
  const z = mu / sigma
  return Math.max(0, sigma * normalPdf(z) - mu * normalCdf(-z))
}
