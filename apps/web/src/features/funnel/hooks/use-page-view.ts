import { useEffect } from 'react'
import { countPageView } from '../api/count-page-view'

// Offers counted during this page load: React may run an effect twice (strict mode, remounts),
// but a visitor who loaded the page once is one view.
const counted = new Set<string>()

/** Counts one view per page load of a live offer page; previews count nothing. */
export function usePageView(offerId: string, enabled: boolean) {
  useEffect(() => {
    if (!enabled || counted.has(offerId)) return
    counted.add(offerId)
    void countPageView(offerId)
  }, [offerId, enabled])
}

/** For tests: forget what was counted, as a new page load would. */
export function resetCountedPageViews() {
  counted.clear()
}
