import { useEffect, useRef, useState } from 'react'
import { checkoutMemory, type FunnelStep, stepOf, stepStateKey } from '../lib/checkout-memory'
import type { Checkout } from './use-checkout'
import type { VisitorDetailsState } from './use-visitor-details'

type Options = { offerId: string; checkout: Checkout; details: VisitorDetailsState; enabled: boolean }

/** Keeps what the router (on the app's own route) stored in the entry, beside the step. */
function writeStep(step: FunnelStep, how: 'push' | 'replace') {
  const state: unknown = window.history.state
  const next = { ...(typeof state === 'object' && state !== null ? state : {}), [stepStateKey]: step }
  if (how === 'push') window.history.pushState(next, '')
  else window.history.replaceState(next, '')
}

/**
 * Issue 22, point 4: the live funnel's screens (offer, upsell, card form) are browser history
 * entries on the same address, so Back from the upsell returns to the details; and the visit is
 * remembered in this tab, so a reload shows the same screen with the same details, choices and
 * order. Previews (enabled=false) keep neither.
 */
export function useFunnelSteps({ offerId, checkout, details, enabled }: Options) {
  const [ready, setReady] = useState(false)
  // The step the current history entry stands for.
  const shown = useRef<FunnelStep>('offer')
  // The first step settled after a reload replaces the entry it was restored from.
  const replaceNext = useRef(true)
  const latest = useRef(checkout)
  latest.current = checkout
  // Strict mode runs a mount's effects twice; the restore must run once (it makes an intent call).
  const restoreStarted = useRef(false)

  // After hydration, once: the server's HTML is the fresh page, the tab's memory is applied to it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a restore happens once per page load
  useEffect(() => {
    if (!enabled || restoreStarted.current) return
    restoreStarted.current = true
    shown.current = stepOf(window.history.state)
    const memory = checkoutMemory.read(offerId)
    if (!memory) {
      setReady(true)
      return
    }
    details.adopt(memory.typed)
    void latest.current.restore(memory, shown.current).finally(() => setReady(true))
  }, [enabled, offerId])

  // A new screen is a new entry; a step between two screens (a call on its way) is none.
  useEffect(() => {
    if (!enabled || !ready || checkout.busy) return
    if (checkout.step !== shown.current) {
      writeStep(checkout.step, replaceNext.current ? 'replace' : 'push')
      shown.current = checkout.step
    }
    replaceNext.current = false
  })

  useEffect(() => {
    if (!enabled) return
    const onPop = (event: PopStateEvent) => {
      shown.current = stepOf(event.state)
      latest.current.goTo(shown.current)
    }
    window.addEventListener('popstate', onPop)
    return () => window.removeEventListener('popstate', onPop)
  }, [enabled])

  // Saved after every change (a keystroke too): a reload can come at any moment.
  useEffect(() => {
    if (!enabled || !ready) return
    const memory = checkout.memory()
    if (memory) checkoutMemory.save(offerId, memory)
  })
}
