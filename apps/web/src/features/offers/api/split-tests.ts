import {
  type SplitExperiment,
  type SplitTestStartInput,
  splitExperimentSchema,
  splitTestHistorySchema,
  splitVariantSchema,
} from '@funnelry/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
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

/** GET /free-product/{id}/experiments/ — the offer's ended tests, newest first, with their final results. */
export function useSplitHistory(offerId: string) {
  return useQuery({
    queryKey: offerKeys.splitHistory(offerId),
    queryFn: ({ signal }) => apiClient.get(`/free-product/${offerId}/experiments/`, { schema: splitTestHistorySchema, signal }),
  })
}

/** The test to start: the one call's body and, per variant in its order, the image the seller dropped. */
export type TestToStart = { body: SplitTestStartInput; images: (File | null)[] }

/**
 * The test started, but variant `index`'s image (0 is the first variant) could not be stored:
 * `reason` is the server's answer. The test runs; that variant shows the page's image.
 */
export class VariantImageError extends Error {
  constructor(
    readonly index: number,
    readonly reason: unknown,
  ) {
    super(`The image of variant ${index + 1} could not be stored.`)
    this.name = 'VariantImageError'
  }
}

async function uploadImage(offerId: string, variantId: string, image: File) {
  const form = new FormData()
  form.append('asset_image', image)
  await apiClient.put(`/free-product/${offerId}/variants/${variantId}/image/`, { body: form, schema: splitVariantSchema })
}

/**
 * "Start the test" with 1 to 4 variants (decision D36): one POST /free-product/{id}/experiment/
 * makes the test and all its variants in one transaction (a refusal leaves nothing behind), then each
 * variant that has one gets its own image by PUT …/variants/{variant_id}/image/ (multipart, as the
 * offer form's).
 */
export function useStartSplitTest(offerId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ body, images }: TestToStart) => {
      const arms = await apiClient.post(`/free-product/${offerId}/experiment/`, { body, schema: z.array(splitVariantSchema) })
      const variants = arms.filter((arm) => !arm.is_control)
      for (const [index, image] of images.entries()) {
        const variant = variants[index]
        if (!image || !variant) continue
        try {
          await uploadImage(offerId, variant.id, image)
        } catch (error) {
          throw new VariantImageError(index, error)
        }
      }
      return arms
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: offerKeys.splitTest(offerId) }),
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
      await queryClient.invalidateQueries({ queryKey: offerKeys.splitHistory(offerId) })
      queryClient.setQueryData(offerKeys.splitTest(offerId), experiment)
    },
    // A 409: the test ended meanwhile (another tab picked a winner, which rewrote the page), or none
    // runs: what this tab shows is out of date, so the offer and its tests are fetched again.
    onError: async (error) => {
      if (!isApiError(error) || error.status !== 409) return
      await queryClient.invalidateQueries({ queryKey: offerKeys.free.all })
      await queryClient.invalidateQueries({ queryKey: offerKeys.splitTest(offerId) })
    },
  })
}
