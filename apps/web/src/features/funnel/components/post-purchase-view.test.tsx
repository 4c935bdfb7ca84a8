import type { PostPurchaseStep } from '@funnelry/shared/funnel/public-page'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { postPurchaseOffer } from '../../../testing/factories/funnel'
import { newOfferPauseMs } from '../lib/post-purchase-texts'
import { PostPurchaseView } from './post-purchase-view'

const step = (kind: 'upsell' | 'downsell', headline: string, price: string): PostPurchaseStep => ({
  done: false,
  step: 1,
  kind,
  offer: postPurchaseOffer(kind, headline, price),
  expires_at: '2030-01-01T00:00:00Z',
  step_count: 2,
  logo: null,
  business_name: 'Acme Books',
})

const view = (state: PostPurchaseStep, afterPress: boolean) => (
  <PostPurchaseView reference="r" state={state} onNext={async () => undefined} onFinish={() => undefined} afterPress={afterPress} />
)
const buttons = (price: string) => [
  screen.getByRole('button', { name: `Yes, add it — ${price}` }),
  screen.getByRole('button', { name: 'No thanks' }),
]

/** Issue 26: extra taps meant for the last offer must not answer the next one. */
describe('the pause before an offer shown after a press', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('takes no press for newOfferPauseMs from when each new offer shows, then takes one', () => {
    const { rerender } = render(view(step('upsell', 'The Course', '49.00'), true))
    for (const button of buttons('$49.00')) expect(button).toBeDisabled()
    act(() => vi.advanceTimersByTime(newOfferPauseMs - 1))
    for (const button of buttons('$49.00')) expect(button).toBeDisabled()
    act(() => vi.advanceTimersByTime(1))
    for (const button of buttons('$49.00')) expect(button).toBeEnabled()

    // The next offer (the downsell) waits again, from its own showing.
    rerender(view(step('downsell', 'The Course Lite', '19.00'), true))
    for (const button of buttons('$19.00')) expect(button).toBeDisabled()
    act(() => vi.advanceTimersByTime(newOfferPauseMs))
    for (const button of buttons('$19.00')) expect(button).toBeEnabled()
  })

  it('waits again from each tap on the waiting buttons: a long burst of taps meant for the last offer never buys this one', () => {
    render(view(step('upsell', 'The Course', '49.00'), true))
    const [yes] = buttons('$49.00')
    for (let tap = 0; tap < 10; tap += 1) {
      act(() => vi.advanceTimersByTime(150))
      if (yes) fireEvent.pointerDown(yes)
    }
    for (const button of buttons('$49.00')) expect(button).toBeDisabled()
    act(() => vi.advanceTimersByTime(newOfferPauseMs - 1))
    for (const button of buttons('$49.00')) expect(button).toBeDisabled()
    act(() => vi.advanceTimersByTime(1))
    for (const button of buttons('$49.00')) expect(button).toBeEnabled()
  })

  it('waits for nothing when no press came before (the first offer, a reload)', () => {
    render(view(step('upsell', 'The Course', '49.00'), false))
    for (const button of buttons('$49.00')) expect(button).toBeEnabled()
  })
})
