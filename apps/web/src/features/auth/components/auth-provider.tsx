import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react'
import { onSessionExpired } from '../../../lib/api-client'
import { AuthContext, type AuthContextValue } from '../../../lib/auth-context'
import { freeOfferDraft } from '../../../lib/free-offer-draft'
import {
  clearTokens,
  getAccessToken,
  getRefreshToken,
  saveTokens,
  subscribeToTokens,
  syncAuthenticatedFlag,
} from '../../../lib/token-storage'
import { logIn } from '../api/log-in'
import { logOut } from '../api/log-out'
import { userFromToken } from '../lib/user-from-token'

type AuthProviderProps = {
  children: ReactNode
  /** Sends the person to the log-in page; called after logout and after a failed session refresh. */
  onSignedOut?: () => void
}

/** The session is the stored tokens: this provider only reflects them, so there is one source of truth. */
export function AuthProvider({ children, onSignedOut }: AuthProviderProps) {
  const queryClient = useQueryClient()
  const accessToken = useSyncExternalStore(subscribeToTokens, getAccessToken, () => null)
  const user = useMemo(() => (accessToken ? userFromToken(accessToken) : null), [accessToken])

  const onSignedOutRef = useRef(onSignedOut)
  useEffect(() => {
    onSignedOutRef.current = onSignedOut
  })

  const signedOut = useCallback(() => {
    // The previous seller's cached data and unsaved draft must not reach whoever signs in next.
    queryClient.clear()
    freeOfferDraft.clear()
    onSignedOutRef.current?.()
  }, [queryClient])

  useEffect(() => {
    syncAuthenticatedFlag()
    return onSessionExpired(signedOut)
  }, [signedOut])

  const value = useMemo<AuthContextValue>(
    () => ({
      isAuthenticated: user !== null,
      user,
      async login(email, password, rememberMe, otp) {
        saveTokens(await logIn({ email, password, ...(otp ? { otp } : {}) }), rememberMe)
      },
      async logout() {
        const refresh = getRefreshToken()
        try {
          if (refresh) await logOut(refresh)
        } catch {
          // Spec section 4: the local session ends even when the server call fails.
        } finally {
          clearTokens()
          signedOut()
        }
      },
    }),
    [user, signedOut],
  )

  return <AuthContext value={value}>{children}</AuthContext>
}
