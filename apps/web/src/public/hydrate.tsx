import { type ReactNode, startTransition } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'

const hydrated: Root[] = []

/** React takes over what the server rendered (the same tree: see public-page-view.tsx). */
export function hydratePage(page: ReactNode): void {
  const root = document.getElementById('root')
  if (!root) return
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page: a press or a scroll is never kept waiting.
  startTransition(() => {
    hydrated.push(hydrateRoot(root, page))
  })
}

/** For tests, which reuse one document: a browser never unmounts a page, it leaves it. */
export function unmountHydratedPages(): void {
  for (const root of hydrated.splice(0)) root.unmount()
}
