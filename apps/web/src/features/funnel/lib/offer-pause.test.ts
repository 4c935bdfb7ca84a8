import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { offerPause, onOfferButton } from './offer-pause'
import { newOfferPauseMs } from './post-purchase-texts'

describe('offerPause (issue 26: a burst of taps never answers the next offer)', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('waits newOfferPauseMs from the offer showing, and again from each tap meanwhile', () => {
    const changes: boolean[] = []
    const pause = offerPause((paused) => changes.push(paused))
    pause.start()
    expect(changes).toEqual([true])
    // Taps every 100 ms for two seconds, far past one pause: the offer waits through all of them.
    for (let tap = 0; tap < 20; tap += 1) {
      vi.advanceTimersByTime(100)
      pause.tapped()
    }
    expect(changes).toEqual([true])
    vi.advanceTimersByTime(newOfferPauseMs - 1)
    expect(changes).toEqual([true])
    vi.advanceTimersByTime(1)
    expect(changes).toEqual([true, false])

    // Once it takes presses, a tap is a press: it starts no pause of its own.
    pause.tapped()
    vi.advanceTimersByTime(newOfferPauseMs)
    expect(changes).toEqual([true, false])
  })

  it('leaves no timer once stopped', () => {
    const changes: boolean[] = []
    const pause = offerPause((paused) => changes.push(paused))
    pause.start()
    pause.stop()
    vi.advanceTimersByTime(newOfferPauseMs * 2)
    expect(changes).toEqual([true])
  })

  it("knows the offer's buttons, whatever inside them was touched", () => {
    document.body.innerHTML = '<button data-fy-pp="accept"><span>Yes</span></button><button data-fy-pp="decline">No</button><p>text</p>'
    expect(onOfferButton(document.querySelector('span'))).toBe(true)
    expect(onOfferButton(document.querySelector('[data-fy-pp="decline"]'))).toBe(true)
    expect(onOfferButton(document.querySelector('p'))).toBe(false)
    expect(onOfferButton(null)).toBe(false)
  })
})
