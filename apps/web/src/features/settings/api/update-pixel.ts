import { type Pixel, type PixelPatch, pixelSchema } from '@funnelry/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { pixelsQueryOptions } from './get-pixels'

/** PATCH /advertising-pixel/{id}/ — another seller's pixel answers 404. */
export function updatePixel(id: string, patch: PixelPatch): Promise<Pixel> {
  return apiClient.patch(`/advertising-pixel/${encodeURIComponent(id)}/`, { body: patch, schema: pixelSchema })
}

export function useUpdatePixel() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: PixelPatch }) => updatePixel(id, patch),
    onSuccess: (saved) =>
      queryClient.setQueryData(pixelsQueryOptions().queryKey, (list = []) => list.map((pixel) => (pixel.id === saved.id ? saved : pixel))),
  })
}
