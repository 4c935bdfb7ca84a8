import { useEffect } from 'react'

/** The browser tab (and shared links' previews) show the offer's headline instead of the product name. */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (!title) return
    const previous = document.title
    document.title = title
    return () => {
      document.title = previous
    }
  }, [title])
}
