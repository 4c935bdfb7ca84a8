import type { PostPurchaseState } from '@funnelry/shared/funnel/post-purchase-schemas'
import { useCallback, useEffect, useRef, useState } from 'react'
import { getPostPurchase } from '../api/post-purchase'

type Offer = Extract<PostPurchaseState, { done: false }>

/** `loading` until the server said; `done` shows the thank-you page. */
export type PostPurchaseFlow = { kind: 'loading' } | { kind: 'done' } | { kind: 'offer'; state: Offer }

/**
 * Decision D34: after a paid checkout, the offer on screen (asked of the server, which alone knows
 * the sequence and the prices). Asked once the order is paid; any failure leads to the thank-you page.
 */
export function usePostPurchase(reference: string | null, paid: boolean | null, initial: Offer | null = null) {
  // Issue 26: the server rendered the step into the page; it is not asked again on load.
  const [flow, setFlow] = useState<PostPurchaseFlow>(initial ? { kind: 'offer', state: initial } : { kind: 'loading' })
  const given = useRef(initial !== null)
  const reload = useCallback(async () => {
    if (!reference) return setFlow({ kind: 'done' })
    try {
      const state = await getPostPurchase(reference)
      setFlow(state.done ? { kind: 'done' } : { kind: 'offer', state })
    } catch {
      setFlow({ kind: 'done' })
    }
  }, [reference])
  useEffect(() => {
    // Not paid (a free order, or a payment still being confirmed): the thank-you page as before.
    if (paid === false || !reference) setFlow({ kind: 'done' })
    else if (paid && !given.current) void reload()
  }, [paid, reference, reload])
  return { flow, reload, finish: () => setFlow({ kind: 'done' }) }
}
