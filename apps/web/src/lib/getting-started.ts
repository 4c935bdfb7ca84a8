import { type GettingStarted, gettingStartedSchema } from '@funnelry/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from './api-client'

/** GET /getting-started/ — the first-run checklist and the seller's payment answer (issue 15). */
export function getGettingStarted(signal?: AbortSignal): Promise<GettingStarted> {
  return apiClient.get('/getting-started/', { schema: gettingStartedSchema, signal })
}

export const gettingStartedQueryOptions = () =>
  queryOptions({
    queryKey: ['getting-started'],
    queryFn: ({ signal }) => getGettingStarted(signal),
    // Each item changes elsewhere (an offer saved, the provider's onboarding): ask again on each visit.
    staleTime: 0,
  })

/** Used by the dashboard's checklist and by Settings, to prefill the payment question. */
export const useGettingStarted = () => useQuery(gettingStartedQueryOptions())
