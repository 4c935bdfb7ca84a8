import { apiClient } from '../../../lib/api-client'

/**
 * POST /authentication/logout/ — revokes the refresh token. The refresh token in the body is the
 * credential, so a 401 here means it is already invalid and refreshing first would be pointless.
 * The hook is `useAuth().logout`, which also clears the local session.
 */
export async function logOut(refresh: string): Promise<void> {
  await apiClient.post('/authentication/logout/', { body: { refresh }, auth: false })
}
