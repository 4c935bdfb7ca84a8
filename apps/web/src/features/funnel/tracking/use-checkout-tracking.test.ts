import type { PaymentIntentResponse } from '@funnelry/shared'
import { renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { platformsRunning, resetEventQueue } from './event-queue'
import { useCheckoutTracking } from './use-checkout-tracking'

type MetaWindow = Window & { fbq?: (...args: unknown[]) => void }
const intent = (id: string) => ({ intent_id: id, amount: '52.50', currency: 1 }) as unknown as PaymentIntentResponse

describe('InitiateCheckout (D29): once per order in a browser', () => {
  const calls: unknown[][] = []
  beforeEach(() => {
    // Events other test files of this worker queued (their pages never ran the platforms) are not this page's.
    resetEventQueue()
    calls.length = 0
    ;(window as MetaWindow).fbq = (...args: unknown[]) => calls.push(args)
    platformsRunning({ meta: true, google: false })
  })
  afterEach(() => {
    resetEventQueue()
    delete (window as MetaWindow).fbq
  })
  const show = (id: string) => renderHook(() => useCheckoutTracking({ live: true, view: 'free', paymentVisible: true, intent: intent(id) }))

  it("sends it when the card form shows, and not again when the same order's form shows after a reload or Back and Forward", () => {
    // Order ids of this run only: other test files of this worker may have sent checkouts too.
    const [first, second] = [crypto.randomUUID(), crypto.randomUUID()]
    show(first).unmount()
    // A reload (or Back and Forward) mounts the page again with the same order.
    show(first).unmount()
    expect(calls).toEqual([['track', 'InitiateCheckout', { value: 52.5, currency: 'USD' }, { eventID: `checkout.${first}` }]])

    // Another order is another checkout.
    show(second)
    expect(calls).toHaveLength(2)
    expect(calls[1]?.[3]).toEqual({ eventID: `checkout.${second}` })
  })
})
