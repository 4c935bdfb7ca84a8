import { type ValidateInviteInput, validateInviteResponseSchema } from '@funnelry/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { authKeys } from './query-keys'

/** POST /authentication/validate-invite/ — sent without auth; an invalid link answers 400 with non_field_errors. */
export function validateInvite(input: ValidateInviteInput): Promise<{ valid: boolean }> {
  return apiClient.post('/authentication/validate-invite/', { body: input, auth: false, schema: validateInviteResponseSchema })
}

/**
 * A check rather than a change, so it is a query: it runs once per link. The abort signal is
 * not passed on purpose: a remount (React's strict mode) must not send a second, rate-limited check.
 */
export const validateInviteQueryOptions = (input: ValidateInviteInput) =>
  queryOptions({
    queryKey: authKeys.validateInvite(input),
    queryFn: () => validateInvite(input),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  })

export function useValidateInvite(input: ValidateInviteInput, options: { enabled?: boolean } = {}) {
  return useQuery({ ...validateInviteQueryOptions(input), enabled: options.enabled ?? true })
}
