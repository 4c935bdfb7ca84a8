import { type UpsellOffer, upsellOfferSchema } from '@funnelry/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { offerKeys } from './offer-query-keys'

/** PUT /upsell-offer/{id}/ multipart. */
export function updateOtoOffer({ id, form }: { id: string; form: FormData }): Promise<UpsellOffer> {
  return apiClient.put(`/upsell-offer/${id}/`, { body: form, schema: upsellOfferSchema })
}

export function useUpdateOtoOffer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateOtoOffer,
    onSuccess: async (offer) => {
      queryClient.setQueryData(offerKeys.oto.detail(offer.id), offer)
      // Free offers carry a copy of their upsell, so they are stale too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: offerKeys.oto.all }),
        queryClient.invalidateQueries({ queryKey: offerKeys.free.all }),
      ])
    },
  })
}
