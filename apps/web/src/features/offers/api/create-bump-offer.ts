import { type BumpOffer, bumpOfferSchema } from '@funnelry/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { offerKeys } from './offer-query-keys'

/** POST /bump-offer/ multipart. */
export function createBumpOffer(form: FormData): Promise<BumpOffer> {
  return apiClient.post('/bump-offer/', { body: form, schema: bumpOfferSchema })
}

export function useCreateBumpOffer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createBumpOffer,
    onSuccess: async (offer) => {
      queryClient.setQueryData(offerKeys.bump.detail(offer.id), offer)
      // Lists and the free offer form's dropdown, which must offer the new one at once.
      await queryClient.invalidateQueries({ queryKey: offerKeys.bump.all })
    },
  })
}
