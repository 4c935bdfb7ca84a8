// @vitest-environment jsdom
// (Needs page scripts to run against a global of their own, as jsdom's do: under happy-dom they share the test's window, where the stand-in fbq stops Meta's loader.)
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { consentBannerTexts } from './consent-banner'
import { consentCookieName, forgetConsent, writeConsent } from './consent-cookie'
import { trackFunnelEvent } from './event-queue'
import { resetSellerTracking, runSellerTracking as startSellerTracking } from './seller-scripts'

type TrackingWindow = Window & { dataLayer?: IArguments[]; fbq?: (...args: unknown[]) => void }
const tracking = () => window as TrackingWindow
const gtagCalls = () => (tracking().dataLayer ?? []).map((entry) => Array.from(entry))
const denied = { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' }
const granted = { ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted', analytics_storage: 'granted' }

/** Pixels of their own for each test: a page load runs each pixel once (inject-pixels.ts). */
let pixelRun = 0
const freshPixels = () => {
  pixelRun += 1
  return [
    { id: `meta-${pixelRun}`, pixel_type: 'facebook' as const, script: '123456789012345' },
    { id: `ga4-${pixelRun}`, pixel_type: 'google' as const, script: 'G-TEST12345' },
  ] as const
}
/** Meta's loader adds fbevents.js, Google's is gtag.js and an inline script. */
const sellerScripts = () => document.head.querySelectorAll('script[src*="fbevents.js"], script[src*="gtag/js"]')

/** Runs code as the page's own scripts run (in jsdom's script context, not the test's). */
function runPageScript(code: string): void {
  const script = document.createElement('script')
  script.text = code
  document.head.appendChild(script)
}

/** Decision D31: with the seller's consent_required on, nothing of theirs runs before Accept. */
describe('consent before tracking', () => {
  afterEach(() => {
    resetSellerTracking()
    forgetConsent()
    delete tracking().dataLayer
    delete tracking().fbq
    // The loaders ran as page scripts, whose global jsdom keeps apart from the test's `window`:
    // what Meta's loader defined there (fbq, _fbq) would make the next test's loader return early.
    runPageScript('delete window.fbq; delete window._fbq; delete window.dataLayer')
    document.head.innerHTML = ''
    document.body.innerHTML = ''
  })

  it('asks first: no seller script and no event until Accept, Google consent defaults denied; Accept sets the cookie and runs them', async () => {
    const metaCalls: unknown[][] = []
    tracking().fbq = (...args) => metaCalls.push(args)
    startSellerTracking(freshPixels(), { consentRequired: true })
    trackFunnelEvent({ name: 'lead', leadId: 'l1' })

    const banner = await screen.findByRole('region', { name: consentBannerTexts.label })
    expect(banner).toHaveTextContent(consentBannerTexts.text)
    expect(document.head.querySelector('script')).toBeNull()
    expect(gtagCalls()).toEqual([['consent', 'default', denied]])
    expect(metaCalls).toEqual([])

    await userEvent.click(within(banner).getByRole('button', { name: consentBannerTexts.accept }))
    expect(document.cookie).toContain(`${consentCookieName}=granted`)
    expect(screen.queryByRole('region', { name: consentBannerTexts.label })).not.toBeInTheDocument()
    await waitFor(() => expect(sellerScripts()).toHaveLength(2))
    expect(document.head.textContent).toContain("fbq('init','123456789012345')")
    expect(gtagCalls()).toEqual([
      ['consent', 'default', denied],
      ['consent', 'update', granted],
      ['event', 'generate_lead', { transaction_id: 'lead.l1' }],
    ])
    expect(metaCalls).toEqual([['track', 'Lead', {}, { eventID: 'lead.l1' }]])
  })

  it('runs nothing after Decline, and does not ask again on the next page', async () => {
    const pixels = freshPixels()
    startSellerTracking(pixels, { consentRequired: true })
    const banner = await screen.findByRole('region', { name: consentBannerTexts.label })
    // Room under the page for the banner, so the footer's links can be scrolled out from under it.
    expect(document.body.style.paddingBottom).toMatch(/^\d+px$/)
    await userEvent.click(within(banner).getByRole('button', { name: consentBannerTexts.decline }))
    expect(document.body.style.paddingBottom).toBe('')
    expect(document.cookie).toContain(`${consentCookieName}=denied`)
    trackFunnelEvent({ name: 'page_view' })

    resetSellerTracking()
    startSellerTracking(pixels, { consentRequired: true })
    expect(screen.queryByRole('region', { name: consentBannerTexts.label })).not.toBeInTheDocument()
    expect(document.head.querySelector('script')).toBeNull()
    expect(gtagCalls().filter((call) => call[0] !== 'consent')).toEqual([])
  })

  it('runs the scripts without a banner once accepted, and at once when the seller does not ask', async () => {
    writeConsent('granted')
    startSellerTracking(freshPixels(), { consentRequired: true })
    await waitFor(() => expect(document.head.querySelector('script[src*="gtag/js"]')).not.toBeNull())
    expect(document.head.textContent).toContain("fbq('init','123456789012345')")
    expect(screen.queryByRole('region', { name: consentBannerTexts.label })).not.toBeInTheDocument()

    resetSellerTracking()
    document.head.innerHTML = ''
    forgetConsent()
    startSellerTracking([freshPixels()[1]], { consentRequired: false })
    await waitFor(() => expect(document.head.querySelector('script[src*="gtag/js"]')).not.toBeNull())
    expect(screen.queryByRole('region', { name: consentBannerTexts.label })).not.toBeInTheDocument()
  })
})
