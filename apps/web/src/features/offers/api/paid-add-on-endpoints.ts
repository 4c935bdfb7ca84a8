import { bumpOfferListSchema, bumpOfferSchema, type Paginated, upsellOfferListSchema, upsellOfferSchema } from '@funnelry/shared'
import type { ApiResult } from '../../../lib/api-client'

/**
 * The two paid add-ons a free offer can carry: the BUMP (taken on the checkout) and the upsell
 * (offered after it; "OTO" on screen). They share one set of fetchers, parameterised by kind.
 * One map per property, so that a lookup by a generic kind keeps its own type.
 */
export const paidAddOnPaths = { bump: '/bump-offer/', upsell: '/upsell-offer/' } as const
export const paidAddOnSchemas = { bump: bumpOfferSchema, upsell: upsellOfferSchema }
export const paidAddOnListSchemas = { bump: bumpOfferListSchema, upsell: upsellOfferListSchema }

export type PaidAddOnKind = keyof typeof paidAddOnPaths
export type PaidAddOn<K extends PaidAddOnKind> = ApiResult<(typeof paidAddOnSchemas)[K]>
export type PaidAddOnList<K extends PaidAddOnKind> = Paginated<PaidAddOn<K>>
