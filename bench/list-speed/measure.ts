/** Timing helpers of the list-speed benchmark: medians of interleaved runs, percentiles. */

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
}

/** Milliseconds `run` takes. */
export async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now()
  await run()
  return performance.now() - start
}

/**
 * A and B alternately (A, B, A, B, ...) `rounds` times after one warm-up each, so that the
 * machine's noise falls on both; the medians of each.
 */
export async function interleaved(a: () => Promise<unknown>, b: () => Promise<unknown>, rounds: number) {
  await a()
  await b()
  const times = { a: [] as number[], b: [] as number[] }
  for (let round = 0; round < rounds; round += 1) {
    times.a.push(await timed(a))
    times.b.push(await timed(b))
  }
  return { a: median(times.a), b: median(times.b) }
}

export const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`
