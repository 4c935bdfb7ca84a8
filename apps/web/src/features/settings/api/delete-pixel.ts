import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { pixelsQueryOptions } from './get-pixels'

/** DELETE /advertising-pixel/{id}/ — answers 204. */
export async function deletePixel(id: string): Promise<void> {
  await apiClient.delete(`/advertising-pixel/${encodeURIComponent(id)}/`)
}

export function useDeletePixel() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deletePixel,
    onSuccess: (_nothing, id) =>
      queryClient.setQueryData(pixelsQueryOptions().queryKey, (list = []) => list.filter((pixel) => pixel.id !== id)),
  })
}
