import { useEffect } from 'react'
import { countPageViewOnce } from '../lib/page-view-once'

export { resetCountedPageViews } from '../lib/page-view-once'

/** Counts one view per page load of a live offer page; previews count nothing. */
export function usePageView(offerId: string, enabled: boolean) {
  useEffect(() => {
    if (enabled) countPageViewOnce(offerId)
  }, [offerId, enabled])
}
