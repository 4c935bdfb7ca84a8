import { type BumpOffer, bumpOfferSchema } from '@funnelry/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { offerKeys } from './offer-query-keys'

/** PUT /bump-offer/{id}/ multipart. */
export function updateBumpOffer({ id, form }: { id: string; form: FormData }): Promise<BumpOffer> {
  return apiClient.put(`/bump-offer/${id}/`, { body: form, schema: bumpOfferSchema })
}

export function useUpdateBumpOffer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateBumpOffer,
    onSuccess: async (offer) => {
      queryClient.setQueryData(offerKeys.bump.detail(offer.id), offer)
      // Free offers carry a copy of their bump, so they are stale too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: offerKeys.bump.all }),
        queryClient.invalidateQueries({ queryKey: offerKeys.free.all }),
      ])
    },
  })
}
