import { currencySymbol } from '@funnelry/shared/currency-table'
import type { PostPurchaseAcceptResult, PostPurchaseState } from '@funnelry/shared/funnel/post-purchase-schemas'
import type { PostPurchaseStep } from '@funnelry/shared/funnel/public-page'
import { formatMoney } from '@funnelry/shared/money-format'
import { imageSrcSet } from '@funnelry/shared/offers/image-variants'
import { getOrderReceipt } from '../api/get-order-receipt'
import { startThankYouTracking } from '../tracking/thank-you-tracking'
import { funnelToast, keepFunnelToastsAtBottom, replayRecentToasts } from './funnel-toast'
import { offerPause, onOfferButton } from './offer-pause'
import { postPurchaseTexts } from './post-purchase-texts'
import { publicRequest } from './public-request'

declare global {
  interface Window {
    /** Set by the step's inline script: the button pressed before the first script started. */
    __fyPpPressed?: 'accept' | 'decline'
    /** Set once the first script answers the step's buttons: the inline script then leaves presses to it. */
    __fyPpStarted?: boolean
  }
}

/**
 * Inline after a post-purchase step's HTML (a few hundred bytes): the buttons are on screen well
 * before the first script has loaded (it is asked for after 'load' and a frame, then loads the
 * step's chunk), and a press meanwhile found no listener and was lost: nothing sent, nothing shown,
 * a button that looked live. This keeps that press (the first one: the buttons are then disabled
 * and "Yes" busy, as the first script does while the server answers), and the first script sends
 * it as soon as it starts (startPostPurchasePage).
 */
export const earlyPostPurchasePressScript = `document.addEventListener('click',function(e){if(window.__fyPpStarted||window.__fyPpPressed)return;var b=e.target.closest&&e.target.closest('[data-fy-pp=accept],[data-fy-pp=decline]');if(!b||b.disabled)return;window.__fyPpPressed=b.getAttribute('data-fy-pp');document.querySelectorAll('[data-fy-pp=accept],[data-fy-pp=decline]').forEach(function(x){x.disabled=true});var a=document.querySelector('[data-fy-pp=accept]');if(a)a.setAttribute('aria-busy','true')})`

/** The button pressed before the first script started (the inline script kept it); from now on the first script answers presses. */
function takeEarlyPress(): 'accept' | 'decline' | undefined {
  window.__fyPpStarted = true
  const pressed = window.__fyPpPressed
  window.__fyPpPressed = undefined
  return pressed
}

/** A "Yes" the first script sent whose answer needs React: the server's answer, or the error instead. */
export type AnsweredPress = { result: PostPurchaseAcceptResult } | { error: unknown }

/**
 * Issue 26: a post-purchase step the server rendered answers its buttons without React. "Yes" and
 * "No thanks" call the server; the next step's offer is written into the same elements, so the
 * press shows it after two small calls and no download. Anything more (an authentication, a
 * refusal, an error, the steps over) is handed to React with the answer already given:
 * `handOver(step, answered)`. React never sends that press again (the server would answer the same,
 * but a card's bank would be asked twice).
 */
export function startPostPurchasePage(
  order: string,
  first: PostPurchaseStep,
  handOver: (step: PostPurchaseStep | null, answered: AnsweredPress | null) => void,
): void {
  const base = `/post-purchase/${encodeURIComponent(order)}`
  const part = <T extends HTMLElement>(name: string) => document.querySelector<T>(`[data-fy-pp="${name}"]`)
  const accept = part<HTMLButtonElement>('accept')
  const decline = part<HTMLButtonElement>('decline')
  const early = takeEarlyPress()
  if (!accept || !decline) {
    handOver(first, null)
    return
  }
  // What the thank-you page's React does on load: the toast raised before this page ('Payment
  // succeeded!') is shown, the step's heading keeps the top of a phone's screen, and the paid
  // order's purchase goes to the seller's pixels (D29; once per order, so React repeats nothing).
  replayRecentToasts()
  keepFunnelToastsAtBottom()
  void getOrderReceipt(order)
    .then(startThankYouTracking)
    .catch(() => undefined)
  let step = first
  let busy = false
  let over = false

  const setBusy = (value: boolean) => {
    busy = value
    accept.disabled = value
    decline.disabled = value
    if (value) accept.setAttribute('aria-busy', 'true')
    else accept.removeAttribute('aria-busy')
  }
  const pause = offerPause((paused) => setBusy(paused))
  document.addEventListener('pointerdown', (event) => onOfferButton(event.target) && !over && pause.tapped(), true)
  const leave = (next: PostPurchaseStep | null, answered: AnsweredPress | null) => {
    over = true
    pause.stop()
    handOver(next, answered)
  }
  // The next step in the same elements; an offer whose parts differ (an image where there was none)
  // is left to React.
  const show = (next: PostPurchaseStep): boolean => {
    const image = document.querySelector<HTMLImageElement>('[data-fy-pp="offer"] .fy-upsell-image')
    const description = part('description')
    if ((next.offer.asset_image && !image) || (next.offer.description && !description)) return false
    const price = formatMoney(currencySymbol(next.offer.currency), next.offer.product_price)
    const progress = part('progress')
    if (progress) progress.textContent = postPurchaseTexts.progress(next.step, next.step_count)
    const headline = part('headline')
    const priceText = part('price')
    if (headline) headline.textContent = next.offer.headline
    if (priceText) priceText.textContent = price
    if (description) {
      description.textContent = next.offer.description ?? ''
      description.hidden = !next.offer.description
    }
    if (image) {
      image.hidden = !next.offer.asset_image
      if (next.offer.asset_image) {
        const srcSet = imageSrcSet(next.offer.asset_image)
        if (srcSet) image.srcset = srcSet
        else image.removeAttribute('srcset')
        image.src = next.offer.asset_image
      }
    }
    accept.textContent = postPurchaseTexts.accept(price)
    step = next
    return true
  }
  const moveOn = async () => {
    let next: PostPurchaseState
    try {
      next = await publicRequest<PostPurchaseState>('GET', `${base}/`)
    } catch {
      // As React does when it cannot ask (use-post-purchase.ts): the thank-you page, listing what was paid.
      return leave(null, null)
    }
    if (next.done || !show(next)) return leave(next.done ? null : next, null)
    // The new offer's buttons take a press only after a moment without taps on them: extra taps meant for the last one.
    pause.start()
    // The pressed button was disabled while waiting, which drops focus to the page: as React does
    // for each new offer (post-purchase-view.tsx), focus and announce the offer's banner.
    document.querySelector<HTMLElement>('[data-fy-pp="offer"] .fy-banner h2')?.focus()
  }
  const press = async (work: () => Promise<void>) => {
    if (busy || over) return
    setBusy(true)
    try {
      await work()
    } catch {
      // A "No thanks" that did not reach the server: React shows the same step, to be answered again.
      leave(step, null)
    }
  }

  const acceptPress = () =>
    press(async () => {
      const choice = { step: step.step, kind: step.kind }
      let result: PostPurchaseAcceptResult
      try {
        result = await publicRequest<PostPurchaseAcceptResult>('POST', `${base}/accept/`, choice)
      } catch (error) {
        // The words for it (an expired window, a refusal) are React's (post-purchase-view.tsx).
        return leave(step, { error })
      }
      if (result.status !== 'succeeded') return leave(step, { result })
      funnelToast(postPurchaseTexts.added(step.offer.headline), 'success')
      await moveOn()
    })
  const declinePress = () =>
    press(async () => {
      await publicRequest('POST', `${base}/decline/`, { step: step.step, kind: step.kind })
      await moveOn()
    })
  accept.addEventListener('click', () => void acceptPress())
  decline.addEventListener('click', () => void declinePress())
  // A press made before this script started (kept by earlyPostPurchasePressScript) is sent now.
  if (early === 'accept') void acceptPress()
  else if (early === 'decline') void declinePress()
}
