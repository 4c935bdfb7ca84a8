/**
 * jsdom has no matchMedia, so MUI's useMediaQuery would always answer "no". This one answers
 * min-width/max-width queries against window.innerWidth; `setViewportWidth(375)` makes a phone.
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
