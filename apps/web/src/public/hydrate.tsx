import { type ReactNode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'

/** React takes over what the server rendered (the same tree: see public-page-view.tsx). */
export function hydratePage(page: ReactNode): void {
  const root = document.getElementById('root')
  if (!root) return
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page: a press or a scroll is never kept waiting.
  startTransition(() => {
    hydrateRoot(root, page)
  })
}
