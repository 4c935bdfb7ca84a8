import autocannon from 'autocannon'

export type Measurement = { requestsPerSecond: number; p99Ms: number; ok: number; other: number; errors: number }

/** One autocannon run; `ok` counts 2xx answers. */
export async function measure(options: autocannon.Options): Promise<Measurement> {
  const result = await autocannon({ connections: 50, duration: 5, ...options })
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    ok: result['2xx'],
    other: result.non2xx,
    errors: result.errors + result.timeouts,
  }
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

/** Medians of several runs of one target. */
export function summarize(runs: Measurement[]) {
  return {
    requestsPerSecond: Math.round(median(runs.map((run) => run.requestsPerSecond))),
    p99Ms: median(runs.map((run) => run.p99Ms)),
    ok: runs.reduce((sum, run) => sum + run.ok, 0),
    other: runs.reduce((sum, run) => sum + run.other, 0),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
  }
}
