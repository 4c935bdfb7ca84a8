import { type LoginInput, type TokenPair, tokenPairSchema } from '@funnelry/shared'
import { useMutation } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { useAuth } from '../../../lib/auth-context'

/** POST /authentication/token/ — sent without auth. */
export function logIn(input: LoginInput): Promise<TokenPair> {
  return apiClient.post('/authentication/token/', { body: input, auth: false, schema: tokenPairSchema })
}

export type LogInVariables = LoginInput & { rememberMe: boolean }

/** Logs in through the session provider, so the stored tokens and the auth state change together. */
export function useLogIn() {
  const { login } = useAuth()
  return useMutation({
    mutationFn: ({ email, password, rememberMe, otp }: LogInVariables) => login(email, password, rememberMe, otp),
  })
}
