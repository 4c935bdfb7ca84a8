import { useEffect, useRef } from 'react'

/**
 * Focus for a view that replaces the one holding the button just pressed: without it focus falls
 * back to the page's body, and keyboard and screen-reader users lose their place. Give the element
 * `tabIndex={-1}` when it is not focusable itself (a heading, a message).
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null)
  useEffect(() => {
    ref.current?.focus()
  }, [])
  return ref
}
