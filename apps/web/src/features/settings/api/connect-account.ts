import { type ConnectAccountInput, type ConnectAccountResponse, connectAccountResponseSchema } from '@funnelry/shared'
import { useMutation } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'

/**
 * POST /stripe/account/connect/ — stores the seller's answer (decision D14) and answers the
 * message to show and the provider's onboarding link to go to (decision D10).
 */
export function connectAccount(input: ConnectAccountInput): Promise<ConnectAccountResponse> {
  return apiClient.post('/stripe/account/connect/', { body: input, schema: connectAccountResponseSchema })
}

export function useConnectAccount() {
  return useMutation({ mutationFn: connectAccount })
}
