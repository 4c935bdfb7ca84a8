import { type PublicPage, publicPageElementId } from '@funnelry/shared/funnel/public-page'
import { checkoutMemory, countPageViewOnce, paidVisit, startSellerTracking } from '../features/funnel'

/**
 * The public pages' first script (issue 11), a few kilobytes with no React in it, loaded once the
 * page has loaded (the server's HTML asks for it then). On a live offer page it counts the view at
 * once and runs the seller's pixels when the page is usable (after the visitor's consent when the
 * seller asks for it, D31); React and the funnel (hydrate.tsx)
 * are downloaded and take over the server's HTML when the visitor first touches, clicks or types.
 * Until then the page is plain HTML: the opt-in press has its own inline script, and what is
 * typed or ticked is adopted when React arrives. The thank-you page hydrates at once (it reads the
 * order's receipt).
 */
const data = document.getElementById(publicPageElementId)?.textContent
const page = data ? (JSON.parse(data) as PublicPage) : null
// Each page downloads only its own React tree.
const hydrate = (current: PublicPage) =>
  current.kind === 'offer'
    ? import('./hydrate-offer').then(({ hydrateOfferPage }) => hydrateOfferPage(current.offer, current.preview))
    : import('./hydrate-thank-you').then(({ hydrateThankYouPage }) => hydrateThankYouPage(current.type, current.order))

if (page?.kind === 'offer') {
  if (!page.preview) {
    startSellerTracking(page.offer.advertising_pixels, { consentRequired: page.offer.consent_required })
    // In a task of its own: the request's start does not lengthen this script's (Total Blocking Time).
    setTimeout(() => countPageViewOnce(page.offer.id))
  }
  const firstInteraction = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const
  const start = () => {
    for (const type of firstInteraction) removeEventListener(type, start, true)
    void hydrate(page)
  }
  // Pressed the opt-in button already (the inline script answered): the visitor is typing now. Or a
  // reload in the middle of a checkout (issue 22): its details, choices and order come back at once.
  // Or Back after paying (decision 0030): the note leading to the order replaces the form at once.
  if (window.__fyOptedIn || (!page.preview && (checkoutMemory.read(page.offer.id) || paidVisit.read(page.offer.id)))) start()
  else for (const type of firstInteraction) addEventListener(type, start, { capture: true, passive: true })
} else if (page?.kind === 'thank-you' && page.step && page.order) {
  // Forward (or Back) to a step the browser kept in its back/forward cache would show it as it was,
  // answered or not, with live buttons: the page is asked for again, and the server says which step
  // is next. (The server sends the page no-store, which Chrome has so far kept out of that cache.)
  addEventListener('pageshow', (event) => {
    if (event.persisted) location.reload()
  })
  // Issue 26: a post-purchase step works without React; React comes only when it is needed.
  const { order, step: first } = page
  void import('./post-purchase-page').then(({ startPostPurchasePage }) =>
    startPostPurchasePage(
      order,
      first,
      (step, answered) => void import('./hydrate-thank-you').then(({ renderThankYouPage }) => renderThankYouPage(order, step, answered)),
    ),
  )
} else if (page) {
  void hydrate(page)
}
