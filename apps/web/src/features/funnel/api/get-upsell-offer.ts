import { type UpsellOffer, upsellOfferSchema } from '@funnelry/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'

/**
 * GET /upsell-offer/{id}/. Public without auth (spec section 6); the signed-in previews send
 * the seller's token so the owner sees their own offer.
 */
export function getUpsellOffer(id: string, auth: boolean, signal?: AbortSignal): Promise<UpsellOffer> {
  return apiClient.get(`/upsell-offer/${id}/`, { auth, schema: upsellOfferSchema, signal })
}

export const upsellOfferQueryOptions = (id: string, auth: boolean) =>
  queryOptions({
    queryKey: ['funnel', 'upsell-offer', id, { auth }],
    queryFn: ({ signal }) => getUpsellOffer(id, auth, signal),
  })

export function useUpsellOffer(id: string | null, options: { auth: boolean }) {
  return useQuery({ ...upsellOfferQueryOptions(id ?? '', options.auth), enabled: id !== null })
}
