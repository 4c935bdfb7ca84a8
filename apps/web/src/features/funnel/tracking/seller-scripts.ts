import type { Pixel } from '@funnelry/shared'
import { getAccessToken, getRefreshToken } from '../../../lib/token-storage'
import { injectPixels } from '../lib/inject-pixels'
import { showConsentBanner } from './consent-banner'
import { readConsent, writeConsent } from './consent-cookie'
import { platformsRunning, resetEventQueue } from './event-queue'
import type { Platforms } from './funnel-events'
import { pixelSnippet } from './pixel-loaders'
import { gtag } from './platform-calls'

/**
 * Live pages are served on the pages origin (decision D23), whose storage never holds a dashboard
 * session, and the dashboard's origin only shows previews, which run no pixels. This check stays
 * as a second line: should a live page ever render where tokens are stored, no pixel runs there.
 */
const holdsDashboardSession = () => getAccessToken() !== null || getRefreshToken() !== null

/** Whether this page load started the seller's scripts already (or is waiting for consent). */
let starting = false

const consentModes = ['ad_storage', 'ad_user_data', 'ad_personalization', 'analytics_storage'] as const
const consentState = (value: 'granted' | 'denied') => Object.fromEntries(consentModes.map((mode) => [mode, value]))

/**
 * Seller scripts come after the page is usable (issue 24: the offer page keeps its speed): when the
 * browser is idle after load, or at the latest a second later.
 */
function whenPageUsable(run: () => void): void {
  const idle = () => (window.requestIdleCallback ? window.requestIdleCallback(run, { timeout: 1000 }) : setTimeout(run, 0))
  if (document.readyState === 'complete') idle()
  else window.addEventListener('load', idle, { once: true })
}

function runScripts(pixels: readonly Pixel[], platforms: Platforms): void {
  injectPixels(pixels.map((pixel) => ({ id: pixel.id, script: pixelSnippet(pixel) })))
  platformsRunning(platforms)
}

/**
 * Runs the seller's pixels on a live public page, once per page load (React-free: the offer page's
 * first script calls it). With `consentRequired` (D31) they wait for the visitor's Accept on the
 * banner, and Google's tags start from consent-mode defaults of denied.
 */
export function runSellerTracking(pixels: readonly Pixel[] | undefined, options: { consentRequired: boolean }): void {
  if (starting || !pixels || pixels.length === 0 || holdsDashboardSession()) return
  starting = true
  const platforms = {
    meta: pixels.some((pixel) => pixel.pixel_type === 'facebook'),
    google: pixels.some((pixel) => pixel.pixel_type === 'google'),
  }
  const start = () => whenPageUsable(() => runScripts(pixels, platforms))
  if (!options.consentRequired) {
    start()
    return
  }
  if (platforms.google) gtag('consent', 'default', consentState('denied'))
  const accepted = () => {
    if (platforms.google) gtag('consent', 'update', consentState('granted'))
    start()
  }
  const answer = readConsent()
  if (answer === 'granted') {
    accepted()
    return
  }
  if (answer === 'denied') return
  whenPageUsable(() =>
    showConsentBanner({
      onAccept: () => {
        writeConsent('granted')
        accepted()
      },
      onDecline: () => writeConsent('denied'),
    }),
  )
}

/** For tests: forget this page load's scripts and events, as a new page load would. */
export function resetSellerTracking(): void {
  starting = false
  resetEventQueue()
}
