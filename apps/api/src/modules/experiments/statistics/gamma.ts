/**
 * The regularized upper incomplete gamma function Q(a, x), which gives both the normal tail
 * (erfc(z) = Q(1/2, z²)) and the chi-square tail (Q(k/2, x/2)) to about 1e-14, so the split-test
 * statistics need no library. Series below a + 1, Lentz's continued fraction above (the textbook
 * split, where each converges fastest).
 */

const LANCZOS_G = 7
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
  -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
]

/** ln Γ(a) for a > 0 (Lanczos, g = 7). */
export function logGamma(a: number): number {
  if (a < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * a)) - logGamma(1 - a)
  const z = a - 1
  let sum = LANCZOS[0] ?? 0
  for (let i = 1; i < LANCZOS.length; i++) sum += (LANCZOS[i] ?? 0) / (z + i)
  const t = z + LANCZOS_G + 0.5
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum)
}

const EPSILON = 1e-16
const TINY = 1e-300
const MAX_STEPS = 500

/** P(a, x) by its power series; converges quickly for x < a + 1. */
function lowerSeries(a: number, x: number): number {
  let term = 1 / a
  let sum = term
  for (let n = 1; n < MAX_STEPS; n++) {
    term *= x / (a + n)
    sum += term
    if (Math.abs(term) < Math.abs(sum) * EPSILON) break
  }
  return sum * Math.exp(-x + a * Math.log(x) - logGamma(a))
}

/** Q(a, x) by its continued fraction (modified Lentz); converges quickly for x > a + 1. */
function upperFraction(a: number, x: number): number {
  let b = x + 1 - a
  let c = 1 / TINY
  let d = 1 / b
  let h = d
  for (let i = 1; i < MAX_STEPS; i++) {
    const an = -i * (i - a)
    b += 2
    d = an * d + b
    if (Math.abs(d) < TINY) d = TINY
    c = b + an / c
    if (Math.abs(c) < TINY) c = TINY
    d = 1 / d
    const step = d * c
    h *= step
    if (Math.abs(step - 1) < EPSILON) break
  }
  return Math.exp(-x + a * Math.log(x) - logGamma(a)) * h
}

/** Q(a, x) = Γ(a, x) / Γ(a), for a > 0 and x ≥ 0. */
export function upperRegularizedGamma(a: number, x: number): number {
  if (x <= 0) return 1
  if (x < a + 1) return 1 - lowerSeries(a, x)
  return upperFraction(a, x)
}
