import { type PasswordResetRequestInput, passwordResetRequestedSchema } from '@funnelry/shared'
import { useMutation } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'

/** POST /authentication/password-reset/ — the same answer whether or not the email has an account (decision D32). */
export function requestPasswordReset(input: PasswordResetRequestInput) {
  return apiClient.post('/authentication/password-reset/', { body: input, auth: false, schema: passwordResetRequestedSchema })
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset })
}
