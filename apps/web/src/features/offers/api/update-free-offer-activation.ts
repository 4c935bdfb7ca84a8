import { type FreeOffer, type FreeOfferList, freeOfferSchema } from '@funnelry/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { offerKeys } from './query-keys'

/** PATCH /free-product/{id}/ — the card's switch. Multipart with is_active 'true'/'false', as spec section 7 sends it. */
export function updateFreeOfferActivation({ id, isActive }: { id: string; isActive: boolean }): Promise<FreeOffer> {
  const form = new FormData()
  form.set('is_active', String(isActive))
  return apiClient.patch(`/free-product/${id}/`, { body: form, schema: freeOfferSchema })
}

/** Spec section 4: the card updates from the response, so every cached copy of the offer takes it. */
export function useUpdateFreeOfferActivation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateFreeOfferActivation,
    onSuccess: (offer) => {
      queryClient.setQueriesData<FreeOfferList>({ queryKey: offerKeys.free.lists() }, (page) =>
        page ? { ...page, results: page.results.map((item) => (item.id === offer.id ? offer : item)) } : page,
      )
      queryClient.setQueryData(offerKeys.free.detail(offer.id), offer)
    },
  })
}
