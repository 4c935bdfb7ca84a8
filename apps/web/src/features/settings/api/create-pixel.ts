import { type Pixel, type PixelInput, pixelSchema } from '@funnelry/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { pixelsQueryOptions } from './get-pixels'

/** POST /advertising-pixel/ — answers the stored pixel (201). */
export function createPixel(input: PixelInput): Promise<Pixel> {
  return apiClient.post('/advertising-pixel/', { body: input, schema: pixelSchema })
}

export function useCreatePixel() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createPixel,
    // Appended in place (the list is oldest first) so the other entries' unsaved edits stay as they are.
    onSuccess: (created) => queryClient.setQueryData(pixelsQueryOptions().queryKey, (list = []) => [...list, created]),
  })
}
