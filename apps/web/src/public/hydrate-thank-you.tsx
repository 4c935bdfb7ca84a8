import type { PostPurchaseStep } from '@funnelry/shared/funnel/public-page'
import { createRoot } from 'react-dom/client'
import { type AnsweredPress, ThankYouView } from '../features/funnel'
import { hydratePage } from './hydrate'

/** The thank-you page's React, loaded at once (it reads the order's receipt). */
export function hydrateThankYouPage(type: string | null, order: string | null): void {
  hydratePage(<ThankYouView type={type} order={order} />)
}

/**
 * Issue 26: React takes over a post-purchase page from its first script (features/funnel/lib/post-purchase-first-script.ts),
 * which may have changed the server's HTML: rendered afresh rather than hydrated. `step` null: the
 * steps are over and the thank-you page reads the receipt.
 */
export function renderThankYouPage(order: string, step: PostPurchaseStep | null, answered: AnsweredPress | null): void {
  const root = document.getElementById('root')
  if (!root) return
  root.replaceChildren()
  createRoot(root).render(<ThankYouView type="oto-offer" order={order} step={step} answered={answered} />)
}
