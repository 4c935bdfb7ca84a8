import { newOfferPauseMs } from './post-purchase-texts'

/** What an offer's buttons are: the first script's and React's (`data-fy-pp`). */
const offerButtons = '[data-fy-pp="accept"],[data-fy-pp="decline"]'

/** Whether a pointer went down on one of the offer's buttons (disabled ones too: Chromium sends them pointer events). */
export const onOfferButton = (target: EventTarget | null) => target instanceof Element && target.closest(offerButtons) !== null

/**
 * Issue 26: an offer shown after a press takes no press for newOfferPauseMs, counted again from each
 * tap on its buttons meanwhile. A buyer tapping "Yes" until something happens sends a burst as long
 * as they like; the next offer's "Yes" appears under the same finger, and must not be bought by the
 * end of that burst. Shared by the page's first script and React's view.
 */
export function offerPause(onChange: (paused: boolean) => void) {
  let timer: ReturnType<typeof setTimeout> | undefined
  let paused = false
  const start = () => {
    clearTimeout(timer)
    if (!paused) {
      paused = true
      onChange(true)
    }
    timer = setTimeout(() => {
      paused = false
      onChange(false)
    }, newOfferPauseMs)
  }
  return {
    /** A new offer shows after a press: its buttons wait. */
    start,
    /** A tap on the offer's buttons: while they wait, the wait starts again from it. */
    tapped: () => {
      if (paused) start()
    },
    /** The offer is gone (the view unmounts, or shows another): no timer left behind. */
    stop: () => clearTimeout(timer),
  }
}
