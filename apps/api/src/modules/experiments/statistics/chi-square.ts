import { upperRegularizedGamma } from './gamma.js'

/** P(X ≥ x) for X chi-square with `degrees` degrees of freedom. */
export function chiSquareSurvival(x: number, degrees: number): number {
  if (degrees <= 0) return 1
  return upperRegularizedGamma(degrees / 2, x / 2)
}
