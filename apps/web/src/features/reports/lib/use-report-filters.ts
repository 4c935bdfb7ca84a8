import { useCallback, useEffect, useMemo, useRef } from 'react'
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
  // The URL this hook asked for and the screen has not rendered yet. Two changes before that render
  // (Campaign's search applied, then Source's a moment later) would otherwise each start from the
  // rendered URL, and the second would drop the first.
  const unrendered = useRef<URLSearchParams | null>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: each render of a new URL supersedes what was asked before it
  useEffect(() => {
    unrendered.current = null
  }, [params])
  const change = useCallback(
    (next: (current: URLSearchParams) => URLSearchParams) =>
      setParams(
        (current) => {
          unrendered.current = next(unrendered.current ?? current)
          return unrendered.current
        },
        { replace: true },
      ),
    [setParams],
  )
  const setFilter = useCallback((name: FilterName, value: string) => change((current) => withFilter(current, name, value)), [change])
  const clearFilters = useCallback((names: readonly FilterName[]) => change((current) => withoutFilters(current, names)), [change])
  return { ...read, setFilter, clearFilters }
}
