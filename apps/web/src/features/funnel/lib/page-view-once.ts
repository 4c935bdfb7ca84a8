import { countPageView } from '../api/count-page-view'

// Offers counted during this page load: the page's first script counts before React runs, React
// may run an effect twice (strict mode, remounts), but a visitor who loaded the page once is one view.
const counted = new Set<string>()

/** Counts one view of a live offer page per page load (React-free: the first script calls it too). */
export function countPageViewOnce(offerId: string): void {
  if (counted.has(offerId)) return
  counted.add(offerId)
  void countPageView(offerId)
}

/** For tests: forget what was counted, as a new page load would. */
export function resetCountedPageViews(): void {
  counted.clear()
}
