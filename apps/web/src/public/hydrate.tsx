import type { PublicPage } from '@funnelry/shared'
import { startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { PublicPageView } from './public-page-view'

/** React takes over what the server rendered: the same tree, from the page description. */
export function hydratePublicPage(page: PublicPage): void {
  const root = document.getElementById('root')
  if (!root) return
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page: a press or a scroll is never kept waiting.
  startTransition(() => {
    hydrateRoot(root, <PublicPageView page={page} />)
  })
}
