import { useMutation } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { useAuth } from '../../../lib/auth-context'

/** POST /authentication/log-out-everywhere/ — ends every log-in, this one too, so the local session ends after it. */
export async function logOutEverywhere(): Promise<void> {
  await apiClient.post('/authentication/log-out-everywhere/')
}

export function useLogOutEverywhere() {
  const { logout } = useAuth()
  return useMutation({
    mutationFn: async () => {
      await logOutEverywhere()
      await logout()
    },
  })
}
