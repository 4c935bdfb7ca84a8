/**
 * Decision D31: the visitor's answer to the consent banner, in a first-party cookie on the pages
 * origin. The server reads exactly `funnelry_consent=granted` before sending conversions that
 * carry the visitor's data; `denied` only keeps the banner from asking again on the next page.
 */
export const consentCookieName = 'funnelry_consent'
export type ConsentAnswer = 'granted' | 'denied'

const yearInSeconds = 365 * 24 * 60 * 60

export function readConsent(): ConsentAnswer | null {
  for (const part of document.cookie.split(';')) {
    const [name, value] = part.trim().split('=')
    if (name === consentCookieName && (value === 'granted' || value === 'denied')) return value
  }
  return null
}

function setConsentCookie(value: string, maxAge: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : ''
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers visitors still use (Firefox), and the answer must be set before the scripts start.
  document.cookie = `${consentCookieName}=${value}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure}`
}

export function writeConsent(answer: ConsentAnswer): void {
  setConsentCookie(answer, yearInSeconds)
}

/** For tests: a visitor who never answered. */
export function forgetConsent(): void {
  setConsentCookie('', 0)
}
