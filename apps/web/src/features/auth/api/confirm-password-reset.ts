import type { PasswordResetConfirmInput } from '@funnelry/shared'
import { useMutation } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'

/** POST /authentication/password-reset/confirm/ — a used, expired or unknown link is a 400 on `token`. */
export async function confirmPasswordReset(input: PasswordResetConfirmInput): Promise<void> {
  await apiClient.post('/authentication/password-reset/confirm/', { body: input, auth: false })
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset })
}
