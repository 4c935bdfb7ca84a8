import type { VisitorRevenueRow } from './split-funnel.js'
import { Z_95 } from './statistics/normal.js'
import { armSample, meanInterval } from './statistics/revenue-per-visitor.js'

export type SeriesPoint = { day: string; revenue_per_visitor: number; low: number | null; high: number | null }

/**
 * One arm's revenue per visitor up to the end of each day, with its 95% interval: the plot on the
 * results page. Each buyer's running total replaces their earlier one in the sum of squares, so a
 * visitor who buys on two days is still one visitor.
 */
export function cumulativeSeries(visitorsByDay: Map<string, number>, rows: VisitorRevenueRow[]): SeriesPoint[] {
  const days = [...new Set([...visitorsByDay.keys(), ...rows.map((row) => row.day)])].sort()
  const rowsByDay = new Map<string, VisitorRevenueRow[]>()
  for (const row of rows) rowsByDay.set(row.day, [...(rowsByDay.get(row.day) ?? []), row])
  const spent = new Map<string, number>()
  let visitors = 0
  let revenue = 0
  let squares = 0
  const points: SeriesPoint[] = []
  for (const day of days) {
    visitors += visitorsByDay.get(day) ?? 0
    for (const row of rowsByDay.get(day) ?? []) {
      const before = spent.get(row.visitorKey) ?? 0
      const after = before + row.cents / 100
      spent.set(row.visitorKey, after)
      revenue += row.cents / 100
      squares += after * after - before * before
    }
    const sample = armSample({ visitors: Math.max(visitors, spent.size), revenue, revenueSquares: squares })
    const interval = meanInterval(sample, Z_95)
    points.push({
      day,
      revenue_per_visitor: round(sample.mean),
      low: interval && round(interval.low),
      high: interval && round(interval.high),
    })
  }
  return points
}

const round = (value: number) => Math.round(value * 10_000) / 10_000
