import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { type PaidAddOn, type PaidAddOnKind, paidAddOnPaths, paidAddOnSchemas } from './paid-add-on-endpoints'
import { offerKeys } from './query-keys'

/** POST /bump-offer/ or /upsell-offer/ multipart (no id), or PUT …/{id}/ multipart. */
export function savePaidAddOn<K extends PaidAddOnKind>(kind: K, { id, form }: { id?: string; form: FormData }): Promise<PaidAddOn<K>> {
  const schema = paidAddOnSchemas[kind]
  const path = paidAddOnPaths[kind]
  return id === undefined ? apiClient.post(path, { body: form, schema }) : apiClient.put(`${path}${id}/`, { body: form, schema })
}

export function useSavePaidAddOn<K extends PaidAddOnKind>(kind: K) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { id?: string; form: FormData }) => savePaidAddOn(kind, body),
    onSuccess: async (offer, { id }) => {
      queryClient.setQueryData(offerKeys[kind].detail(offer.id), offer)
      // Lists and the free offer form's dropdown, which must offer a new one at once; after an
      // update also the free offers, which carry a copy of their add-ons.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: offerKeys[kind].all }),
        id === undefined ? undefined : queryClient.invalidateQueries({ queryKey: offerKeys.free.all }),
      ])
    },
  })
}
