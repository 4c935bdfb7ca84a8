import { type FreeOffer, freeOfferSchema } from '@funnelry/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { offerKeys } from './query-keys'

/** POST /free-product/ multipart (see lib/offer-form-data.ts for what the form puts in). */
export function createFreeOffer(form: FormData): Promise<FreeOffer> {
  return apiClient.post('/free-product/', { body: form, schema: freeOfferSchema })
}

export function useCreateFreeOffer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createFreeOffer,
    onSuccess: async (offer) => {
      queryClient.setQueryData(offerKeys.free.detail(offer.id), offer)
      await queryClient.invalidateQueries({ queryKey: offerKeys.free.lists() })
    },
  })
}
