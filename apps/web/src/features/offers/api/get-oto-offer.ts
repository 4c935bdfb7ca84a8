import { type UpsellOffer, upsellOfferSchema } from '@funnelry/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { offerKeys } from './offer-query-keys'

/** GET /upsell-offer/{id}/ — sent with auth on the edit screen: the product `url` is only returned to the owner. */
export function getOtoOffer(id: string, signal?: AbortSignal): Promise<UpsellOffer> {
  return apiClient.get(`/upsell-offer/${id}/`, { schema: upsellOfferSchema, signal })
}

export const otoOfferQueryOptions = (id: string) =>
  queryOptions({ queryKey: offerKeys.oto.detail(id), queryFn: ({ signal }) => getOtoOffer(id, signal) })

export function useOtoOffer(id: string | undefined) {
  return useQuery({ ...otoOfferQueryOptions(id ?? ''), enabled: id !== undefined })
}
