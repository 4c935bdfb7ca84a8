import { type FreeOffer, freeOfferSchema } from '@funnelry/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { offerKeys } from './query-keys'

/** PUT /free-product/{id}/ multipart: images only when they changed, optional texts empty to clear them. */
export function updateFreeOffer({ id, form }: { id: string; form: FormData }): Promise<FreeOffer> {
  return apiClient.put(`/free-product/${id}/`, { body: form, schema: freeOfferSchema })
}

export function useUpdateFreeOffer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateFreeOffer,
    onSuccess: async (offer) => {
      queryClient.setQueryData(offerKeys.free.detail(offer.id), offer)
      await queryClient.invalidateQueries({ queryKey: offerKeys.free.lists() })
    },
  })
}
