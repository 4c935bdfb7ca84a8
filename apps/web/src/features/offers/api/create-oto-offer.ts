import { type UpsellOffer, upsellOfferSchema } from '@funnelry/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { offerKeys } from './offer-query-keys'

/** POST /upsell-offer/ multipart. */
export function createOtoOffer(form: FormData): Promise<UpsellOffer> {
  return apiClient.post('/upsell-offer/', { body: form, schema: upsellOfferSchema })
}

export function useCreateOtoOffer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createOtoOffer,
    onSuccess: async (offer) => {
      queryClient.setQueryData(offerKeys.oto.detail(offer.id), offer)
      // Lists and the free offer form's dropdown, which must offer the new one at once.
      await queryClient.invalidateQueries({ queryKey: offerKeys.oto.all })
    },
  })
}
