import { messages } from '@funnelry/shared'
import { z } from 'zod'

export const paymentAnswers = ['Yes', 'No'] as const
export type PaymentAnswer = (typeof paymentAnswers)[number]

/** The question as the seller answers it: Yes or No, required (spec section 5). */
export const paymentQuestionSchema = z.object({
  has_stripe_account: z.enum(paymentAnswers, { error: messages.required }),
})
export type PaymentQuestionValues = z.infer<typeof paymentQuestionSchema>
