import type { Paginated } from '@funnelry/shared'

/** One page of a list answer, as every paginated endpoint sends it. */
export function pageOf<T>(results: T[], count = results.length): Paginated<T> {
  return { count, next: null, previous: null, results }
}
