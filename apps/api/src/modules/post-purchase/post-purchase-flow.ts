import type { PostPurchaseKind } from '@funnelry/shared'
import type { PostPurchaseSteps, StepOffer } from '../offers/offers-module.js'
import type { PostPurchaseRow } from './post-purchase-repository.js'

/** The offer on screen: a step (1-based) and which of its two offers. */
export type OnScreen = { step: number; kind: PostPurchaseKind; offer: StepOffer }

/** 15 minutes from the first payment (decision D34). */
export const windowMs = 15 * 60 * 1000

/** A step whose upsell was answered and whose downsell is now on screen: declined, or its charge refused. */
export const waitsForDownsell = (state: PostPurchaseRow['state']): state is 'upsell_declined' | 'upsell_failed' =>
  state === 'upsell_declined' || state === 'upsell_failed'

/**
 * Where a refused charge leaves its step (D34: "the flow goes on" as after a decline): a refused
 * upsell shows its step's downsell if there is one, so the row waits for it; otherwise the step is over.
 */
export function failedState(steps: PostPurchaseSteps['steps'], step: number, kind: PostPurchaseKind) {
  return kind === 'upsell' && steps[step - 1]?.downsell ? ('upsell_failed' as const) : ('failed' as const)
}

/**
 * Decision D34's sequence, from the answers stored so far: each step's upsell; when declined or its
 * charge refused, its downsell if it has one; then the next step. A step waiting for the buyer's bank (or for the one
 * press charging it) stays on screen. Null when every step is answered: the thank-you page.
 */
export function onScreen(steps: PostPurchaseSteps['steps'], rows: PostPurchaseRow[]): OnScreen | null {
  const byStep = new Map(rows.map((row) => [row.step, row]))
  for (const [index, offers] of steps.entries()) {
    const step = index + 1
    const row = byStep.get(step)
    if (!row) return { step, kind: 'upsell', offer: offers.upsell }
    if (waitsForDownsell(row.state) && offers.downsell) return { step, kind: 'downsell', offer: offers.downsell }
    if (row.state === 'charging' || row.state === 'requires_action') {
      const offer = row.kind === 'downsell' ? offers.downsell : offers.upsell
      if (offer) return { step, kind: row.kind, offer }
    }
  }
  return null
}
