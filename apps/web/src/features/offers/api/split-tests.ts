import {
  type SplitExperiment,
  type SplitVariant,
  type SplitVariantCreateInput,
  splitExperimentSchema,
  splitVariantSchema,
} from '@funnelry/shared'
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

/** One variant to make: its POST body and, if the seller dropped one, its own image. */
export type VariantToMake = { body: SplitVariantCreateInput; image: File | null }

/**
 * Starting the test failed at variant `index` (0 is the first). `reason` is the server's answer, so
 * its field errors go to that variant's fields; `kept` says the variants made before could not be
 * taken back (a visitor arrived meanwhile), so a test with only those runs.
 */
export class VariantStartError extends Error {
  constructor(
    readonly index: number,
    readonly reason: unknown,
    readonly kept: boolean,
  ) {
    super(`Variant ${index + 1} could not be made.`)
    this.name = 'VariantStartError'
  }
}

async function uploadImage(offerId: string, variantId: string, image: File) {
  const form = new FormData()
  form.append('asset_image', image)
  await apiClient.put(`/free-product/${offerId}/variants/${variantId}/image/`, { body: form, schema: splitVariantSchema })
}

/**
 * "Start the test" with 1 to 4 variants (decision D36): POST /free-product/{id}/variants/ once per
 * variant, in order (the first starts the test), each then given its own image by PUT
 * …/variants/{variant_id}/image/ (multipart, as the offer form's). There is no call that makes them
 * all at once, so a refusal part-way deletes the variants already made (the last one deleted takes
 * the unstarted test with it): the seller never gets half a test by surprise.
 */
export function useStartSplitTest(offerId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (variants: VariantToMake[]) => {
      const made: SplitVariant[] = []
      for (const [index, { body, image }] of variants.entries()) {
        try {
          const variant = await apiClient.post(`/free-product/${offerId}/variants/`, { body, schema: splitVariantSchema })
          made.push(variant)
          if (image) await uploadImage(offerId, variant.id, image)
        } catch (error) {
          const kept = made.length > 0 && !(await deleteAll(offerId, made))
          throw new VariantStartError(index, error, kept)
        }
      }
      return made
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: offerKeys.splitTest(offerId) }),
  })
}

/** Deletes made variants, newest first; false when the server kept them (409: a visitor was counted). */
async function deleteAll(offerId: string, made: SplitVariant[]): Promise<boolean> {
  try {
    for (const variant of [...made].reverse()) await apiClient.delete(`/free-product/${offerId}/variants/${variant.id}/`)
    return true
  } catch {
    return false
  }
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
