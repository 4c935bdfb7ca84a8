import {
  recoveryCodesSchema,
  type TwoFactorDisableInput,
  type TwoFactorEnableInput,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@funnelry/shared'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'

/** Decision D33: GET /authentication/two-factor/ and the set-up, enable and disable calls. */
export const twoFactorStatusQuery = () =>
  queryOptions({
    queryKey: ['two-factor'],
    queryFn: () => apiClient.get('/authentication/two-factor/', { schema: twoFactorStatusSchema }),
  })

export const useTwoFactorStatus = () => useQuery(twoFactorStatusQuery())

export function useSetUpTwoFactor() {
  return useMutation({ mutationFn: () => apiClient.post('/authentication/two-factor/setup/', { schema: twoFactorSetupSchema }) })
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: TwoFactorEnableInput) =>
      apiClient.post('/authentication/two-factor/enable/', { body: input, schema: recoveryCodesSchema }),
    // The status is refreshed once the recovery codes were shown and put away (see the page).
    onSuccess: () => queryClient.setQueryData(twoFactorStatusQuery().queryKey, { enabled: true }),
  })
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: TwoFactorDisableInput) => {
      await apiClient.post('/authentication/two-factor/disable/', { body: input })
    },
    onSuccess: () => queryClient.setQueryData(twoFactorStatusQuery().queryKey, { enabled: false }),
  })
}
