import { ThankYouView } from '../features/funnel'
import { hydratePage } from './hydrate'

/** The thank-you page's React, loaded at once (it reads the order's receipt). */
export function hydrateThankYouPage(type: string | null, order: string | null): void {
  hydratePage(<ThankYouView type={type} order={order} />)
}
