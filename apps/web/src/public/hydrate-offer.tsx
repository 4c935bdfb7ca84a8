import type { FreeOffer } from '@funnelry/shared'
import { PublicOfferPage } from '../features/funnel'
import { hydratePage } from './hydrate'

/** The offer page's React, loaded on the visitor's first touch (main.tsx). */
export function hydrateOfferPage(offer: FreeOffer, preview: boolean): void {
  hydratePage(<PublicOfferPage offer={offer} preview={preview} />)
}
