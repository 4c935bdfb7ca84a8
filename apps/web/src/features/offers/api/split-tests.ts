import { type SplitExperiment, type SplitVariantCreateInput, splitExperimentSchema, splitVariantSchema } from '@funnelry/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { isApiError } from '../../../lib/api-error'
import { offerKeys } from './query-keys'

/** GET /free-product/{id}/experiment/ — null while the offer has never had a split test (404). */
async function getExperiment(offerId: string, signal?: AbortSignal): Promise<SplitExperiment | null> {
  try {
    return await apiClient.get(`/free-product/${offerId}/experiment/`, { schema: splitExperimentSchema, signal })
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null
    throw error
  }
}

export function useSplitExperiment(offerId: string) {
  return useQuery({ queryKey: offerKeys.splitTest(offerId), queryFn: ({ signal }) => getExperiment(offerId, signal) })
}

/**
 * POST /free-product/{id}/variants/ — the first variant starts the test; then, with a file, PUT
 * …/variants/{variant_id}/image/ gives the variant its own image (multipart, as the offer form's).
 */
export function useCreateVariant(offerId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ body, image }: { body: SplitVariantCreateInput; image: File | null }) => {
      const variant = await apiClient.post(`/free-product/${offerId}/variants/`, { body, schema: splitVariantSchema })
      if (!image) return variant
      const form = new FormData()
      form.append('asset_image', image)
      return apiClient.put(`/free-product/${offerId}/variants/${variant.id}/image/`, { body: form, schema: splitVariantSchema })
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offerKeys.splitTest(offerId) }),
  })
}

/** POST /free-product/{id}/experiment/winner/ — ends the test; the winner becomes the page. */
export function usePickWinner(offerId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (variantId: string) =>
      apiClient.post(`/free-product/${offerId}/experiment/winner/`, { body: { variant_id: variantId }, schema: splitExperimentSchema }),
    // The winner is now the page: refetch the offer before showing the ended test, so the
    // "Start a new split test" form opens with the winner's fields, not the old page's.
    onSuccess: async (experiment) => {
      await queryClient.invalidateQueries({ queryKey: offerKeys.free.all })
      queryClient.setQueryData(offerKeys.splitTest(offerId), experiment)
    },
  })
}
