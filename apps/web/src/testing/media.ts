/**
 * Stands in for the test page's matchMedia (jsdom, which two files keep, has none) so MUI's
 * useMediaQuery answers min-width/max-width queries against window.innerWidth, which
 * `setViewportWidth(375)` sets to make a phone.
 */
const defaultWidth = 1024

function matches(query: string, width: number): boolean {
  const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)]
  if (conditions.length === 0) return false
  return conditions.every(([, kind, value]) => (kind === 'min' ? width >= Number(value) : width <= Number(value)))
}

export function installMatchMedia() {
  window.matchMedia = (query: string): MediaQueryList => ({
    media: query,
    matches: matches(query, window.innerWidth),
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })
}

/** Takes effect for components rendered afterwards. */
export function setViewportWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width })
}

export function resetViewport() {
  setViewportWidth(defaultWidth)
}
