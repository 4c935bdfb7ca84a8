import type {
  LocalChallengeDetails,
  LocalChallengeResult,
  PostPurchaseAcceptResult,
  PostPurchaseChoice,
  PostPurchaseState,
} from '@funnelry/shared/funnel/post-purchase-schemas'
import { publicRequest } from '../lib/public-request'

/** Decision D34's calls; the thank-you page's reference is the key (no auth). */
const base = (reference: string) => `/post-purchase/${encodeURIComponent(reference)}`

export const getPostPurchase = (reference: string, signal?: AbortSignal) =>
  publicRequest<PostPurchaseState>('GET', `${base(reference)}/`, undefined, signal)

export const acceptPostPurchase = (reference: string, choice: PostPurchaseChoice) =>
  publicRequest<PostPurchaseAcceptResult>('POST', `${base(reference)}/accept/`, choice)

export const declinePostPurchase = (reference: string, choice: PostPurchaseChoice) =>
  publicRequest<{ ok: true }>('POST', `${base(reference)}/decline/`, choice)

/** The local test provider's challenge page: Complete or Fail (decision D34). */
export const answerLocalChallenge = (clientSecret: string, outcome: 'complete' | 'fail') =>
  publicRequest<LocalChallengeResult>('POST', '/payments/local/challenge/', { client_secret: clientSecret, outcome })

/** Who charges how much, for the payment the challenge page confirms (the server's figures). */
export const getLocalChallenge = (clientSecret: string, signal?: AbortSignal) =>
  publicRequest<LocalChallengeDetails>(
    'GET',
    `/payments/local/challenge/?client_secret=${encodeURIComponent(clientSecret)}`,
    undefined,
    signal,
  )
