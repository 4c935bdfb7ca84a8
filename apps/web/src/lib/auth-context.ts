import { type AccessClaims, useAuthOutsideProvider } from '@funnelry/shared'
import { createContext, useContext } from 'react'

/** The signed-in seller, read from the access token (decision D4: each field from its own claim). */
export type AuthUser = AccessClaims

export type AuthContextValue = {
  isAuthenticated: boolean
  user: AuthUser | null
  /**
   * Saves the session (local storage when rememberMe, else session storage); rejects with ApiError
   * (a 401 with `otp_required` when two-factor is on and `otp` is missing or wrong).
   */
  login: (email: string, password: string, rememberMe: boolean, otp?: string) => Promise<void>
  /** Revokes the session on the server, clears it locally even if that call fails, and goes to the log-in page. */
  logout: () => Promise<void>
}

/**
 * The session contract lives in the shared layer so that every feature (dashboard, settings…)
 * can read the seller without importing another feature; features/auth provides it.
 */
export const AuthContext = createContext<AuthContextValue | null>(null)

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext)
  if (!value) throw new Error(useAuthOutsideProvider)
  return value
}
