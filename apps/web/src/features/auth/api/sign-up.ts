import { type Seller, type SignUpInput, sellerSchema } from '@funnelry/shared'
import { useMutation } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'

/** POST /seller/ — sent without auth, with the invitation token (decision D15); 400 bodies are keyed by field. */
export function signUp(input: SignUpInput): Promise<Seller> {
  return apiClient.post('/seller/', { body: input, auth: false, schema: sellerSchema })
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp })
}
