import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { type FilterName, readReportFilters, withFilter, withoutFilters } from './report-filters'

/**
 * The filters of a report screen live in its URL, so a filtered list can be reloaded, shared and
 * left with the back button. Changing one replaces the current history entry (typing a search
 * would otherwise leave one entry a word) and goes back to page 1.
 */
export function useReportFilters() {
  const [params, setParams] = useSearchParams()
  const read = useMemo(() => readReportFilters(params), [params])
  const setFilter = useCallback(
    (name: FilterName, value: string) => setParams((current) => withFilter(current, name, value), { replace: true }),
    [setParams],
  )
  // One URL change for several filters: two setParams calls in one event would each start from the same URL.
  const clearFilters = useCallback(
    (names: readonly FilterName[]) => setParams((current) => withoutFilters(current, names), { replace: true }),
    [setParams],
  )
  return { ...read, setFilter, clearFilters }
}
