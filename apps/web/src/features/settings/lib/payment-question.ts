import { messages } from '@funnelry/shared'
import { z } from 'zod'

export const paymentAnswers = ['Yes', 'No'] as const
export type PaymentAnswer = (typeof paymentAnswers)[number]

/** The question as the seller answers it: Yes or No, required (spec section 5). */
export const paymentQuestionSchema = z.object({
  has_stripe_account: z.enum(paymentAnswers, { error: messages.required }),
})
export type PaymentQuestionValues = z.infer<typeof paymentQuestionSchema>

const storageKey = 'funnelry.payment_account_answer'

/**
 * The API has no read of the stored answer, so the tab remembers the last one given: "Continue
 * setup" on the return page can then send it again instead of guessing and overwriting it.
 */
export function rememberPaymentAnswer(answer: PaymentAnswer) {
  try {
    sessionStorage.setItem(storageKey, answer)
  } catch {
    // Storage can be disabled; the seller then simply answers the question again.
  }
}

export function recalledPaymentAnswer(): PaymentAnswer | undefined {
  try {
    const stored = sessionStorage.getItem(storageKey)
    return stored === 'Yes' || stored === 'No' ? stored : undefined
  } catch {
    return undefined
  }
}
