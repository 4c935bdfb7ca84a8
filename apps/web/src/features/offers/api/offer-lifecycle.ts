import { freeOfferSchema, type OfferInUse, offerInUseSchema } from '@funnelry/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { isApiError } from '../../../lib/api-error'
import { toast } from '../../../lib/toast'
import { lifecycleToast, type OfferKind } from '../lib/offer-texts'
import { paidAddOnPaths, paidAddOnSchemas } from './paid-add-on-endpoints'
import { offerKeys } from './query-keys'

/** The list path of each kind; the lifecycle calls hang under `{path}{id}/`. */
const offerPaths = { free: '/free-product/', ...paidAddOnPaths } as const
const offerSchemas = { free: freeOfferSchema, ...paidAddOnSchemas }

export type OfferLifecycleAction = 'duplicate' | 'archive' | 'restore' | 'delete'

/**
 * Archive, restore, duplicate (POST `{path}{id}/{action}/`) and delete (DELETE `{path}{id}/`) of
 * docs/decisions/0021. The answer is parsed so a wrong shape fails here, not in a list later.
 */
export async function runOfferLifecycle(kind: OfferKind, action: OfferLifecycleAction, id: string): Promise<void> {
  const path = `${offerPaths[kind]}${id}/`
  if (action === 'delete') await apiClient.delete(path)
  else await apiClient.post(`${path}${action}/`, { schema: offerSchemas[kind] })
}

/**
 * Asks whether a delete would go through (GET `{path}{id}/deletable/`, nothing deleted): resolves
 * when it would, rejects with the delete's own 409 when not, so the screen can say why instead of
 * asking the seller to confirm what cannot happen (issue 15).
 */
export async function checkOfferDeletable(kind: OfferKind, id: string): Promise<void> {
  await apiClient.get(`${offerPaths[kind]}${id}/deletable/`)
}

/**
 * One mutation for the card's menu. Every list, detail and dropdown of the kind is refreshed
 * after it: the offer moves between Active and Archived, a copy appears, a deleted one goes.
 * The success toast is given here, not by the card: the card may be gone from the refreshed
 * list, and a gone component's callbacks are not called.
 */
export function useOfferLifecycle(kind: OfferKind) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ action, id }: { action: OfferLifecycleAction; id: string }) => runOfferLifecycle(kind, action, id),
    onSuccess: (_, { action }) => {
      toast(lifecycleToast(kind, action), 'success')
      return queryClient.invalidateQueries({ queryKey: offerKeys[kind].all })
    },
  })
}

/** The 409 of a delete or archive the API refused: what it said and the free offers that use the add-on (may be none). */
export function offerInUse(error: unknown): OfferInUse | undefined {
  if (!isApiError(error) || error.status !== 409) return undefined
  const parsed = offerInUseSchema.safeParse(error.data)
  return parsed.success ? parsed.data : undefined
}
