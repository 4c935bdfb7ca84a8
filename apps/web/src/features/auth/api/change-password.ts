import type { PasswordChangeInput } from '@funnelry/shared'
import { useMutation } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'

/** POST /authentication/password/ — this log-in goes on, the others end (decision D32). */
export async function changePassword(input: PasswordChangeInput): Promise<void> {
  await apiClient.post('/authentication/password/', { body: input })
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword })
}
