import { z } from 'zod'
import { messages } from '../messages.js'
import { type VisitorDetails, visitorDetailsSchema } from './lead-schemas.js'

/**
 * The public checkout calls (spec section 7, decisions "Server rules", "Payment providers", D11).
 * The browser names only what the visitor chose; every amount is computed by the server, so an
 * amount (or any other unknown field) in a request is refused.
 */

/** Texts of payment answers: `{ "error": "..." }`, shown by the web as an error toast. */
export const paymentMessages = {
  alreadyComplete: 'This payment is already complete.',
  orderExpired: 'This order has expired. Please reload the page to start again.',
  receiptNotFound: 'This order summary does not exist or has expired.',
  sellerCannotTakePayments: 'This seller cannot take payments yet.',
  intentNotFound: 'This payment was not found.',
  offerNotFound: 'This offer does not exist.',
  bumpNotOffered: 'This BUMP offer is not part of this offer.',
  upsellNotOffered: 'This OTO offer is not part of this offer.',
  cardDeclined: 'Your card was declined.',
  /** Decision D34: the local challenge page's Fail (4000 0027 6000 3184), as a bank refusing 3-D Secure. */
  authenticationFailed: 'The authentication of this payment failed.',
  useTestCard: 'Use the test card 4242 4242 4242 4242 (or 4000 0000 0000 0002 to see a decline).',
  providerUnavailable: 'The payment provider did not answer. Please try again in a moment.',
} as const

/** The local test provider's cards (decisions, "Payment providers"); spaces are ignored. */
export const localTestCards = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  /** Decision D34: asks for authentication on every charge (the local challenge page: Complete or Fail). */
  authenticates: '4000002760003184',
  /** Decision D34: the first payment succeeds, every later charge is declined (insufficient funds). */
  declinedLater: '4000000000009995',
} as const

/** Who holds the payment: `none` when there is nothing to charge (decision D11). */
export const checkoutProviders = ['local', 'stripe', 'none'] as const
export type CheckoutProvider = (typeof checkoutProviders)[number]

/** The visitor's choices. `null` means "not chosen"; on update, leaving a field out keeps the earlier choice. */
const checkoutChoices = {
  bump_offer_id: z.uuid(paymentMessages.bumpNotOffered).nullish(),
  upsell_offer_id: z.uuid(paymentMessages.upsellNotOffered).nullish(),
  /** The upsell view was shown to the visitor (accepted or skipped). */
  upsell_shown: z.boolean({ error: 'Must be true or false.' }).optional(),
}

/**
 * Decision D20: the visitor's details travel together, and only once the visitor submitted them.
 * Left out, the order is a draft: it is not listed, counted or emailed, and holds no payment.
 */
const optionalVisitorDetails = {
  full_name: visitorDetailsSchema.shape.full_name.optional(),
  email: visitorDetailsSchema.shape.email.optional(),
}

/** One of the two details without the other is a mistake of the caller, reported on the missing one. */
function bothOrNeither(value: { full_name?: string | undefined; email?: string | undefined }, ctx: z.RefinementCtx) {
  if (value.full_name !== undefined && value.email === undefined) {
    ctx.addIssue({ code: 'custom', path: ['email'], message: messages.emailRequired })
  }
  if (value.email !== undefined && value.full_name === undefined) {
    ctx.addIssue({ code: 'custom', path: ['full_name'], message: messages.fullNameRequired })
  }
}

/** Whether a call carried the visitor's details (otherwise it is about a draft). */
export const hasVisitorDetails = <T extends { full_name?: string | undefined; email?: string | undefined }>(
  value: T,
): value is T & VisitorDetails => value.full_name !== undefined && value.email !== undefined

/** POST /api/v1/stripe/payment-intent/ (no auth). */
export const createPaymentIntentSchema = z
  .strictObject({
    ...optionalVisitorDetails,
    product_id: z.uuid(paymentMessages.offerNotFound),
    ...checkoutChoices,
  })
  .superRefine(bothOrNeither)
export type CreatePaymentIntentInput = z.input<typeof createPaymentIntentSchema>
export type CreatePaymentIntent = z.output<typeof createPaymentIntentSchema>

/**
 * POST /api/v1/stripe/update-payment-intent/ (no auth). `intent_id` is the one the last answer
 * returned. Details left out keep the ones the order has (a draft stays a draft).
 */
export const updatePaymentIntentSchema = z
  .strictObject({
    intent_id: z.string({ error: paymentMessages.intentNotFound }).trim().min(1, paymentMessages.intentNotFound).max(200),
    ...optionalVisitorDetails,
    ...checkoutChoices,
  })
  .superRefine(bothOrNeither)
export type UpdatePaymentIntentInput = z.input<typeof updatePaymentIntentSchema>
export type UpdatePaymentIntent = z.output<typeof updatePaymentIntentSchema>

/**
 * The answer of both intent calls: what the browser needs to mount the right payment form.
 * - `provider: 'none'`, `client_secret: null`: nothing to charge. From the create call this is a
 *   completed free order (D11, the free download email is on its way); from an update it only
 *   records the choice, and the page finishes a free checkout with the create call.
 * - `provider: 'local'`: the test card form; confirm with POST /api/v1/payments/local/confirm/.
 * - `provider: 'stripe'`: the Payment Element with `publishable_key` and `stripeAccount: account_id`.
 *   `client_secret` can change between answers (a new intent after the total was 0): remount then,
 *   otherwise `elements.fetchUpdates()`.
 * - A draft (no visitor details yet, D20) answers `provider: 'none'` and no client secret whatever
 *   its total: nothing can be paid before the visitor's details are known.
 * - `order_reference`: the thank-you page's reference for this order (null for a draft).
 */
export const paymentIntentResponseSchema = z.object({
  intent_id: z.string(),
  client_secret: z.string().nullable(),
  /** Total to pay, two decimals ("52.50"). */
  amount: z.string().regex(/^\d+\.\d{2}$/),
  currency: z.literal([1, 2, 3]),
  provider: z.enum(checkoutProviders),
  publishable_key: z.string().optional(),
  account_id: z.string().optional(),
  order_reference: z.string().nullable(),
})
export type PaymentIntentResponse = z.infer<typeof paymentIntentResponseSchema>

/** Every refused payment call: a 4xx with one readable sentence. */
export const paymentErrorSchema = z.object({ error: z.string() })
export type PaymentErrorBody = z.infer<typeof paymentErrorSchema>

/** POST /api/v1/payments/local/confirm/ (no auth; only while the local test provider is in use). */
export const localConfirmSchema = z.strictObject({
  client_secret: z.string({ error: paymentMessages.intentNotFound }).trim().min(1, paymentMessages.intentNotFound).max(200),
  card_number: z.string({ error: 'Card number is required' }).max(40, paymentMessages.useTestCard),
})
export type LocalConfirmInput = z.input<typeof localConfirmSchema>

/**
 * Paid, or (decision D34, 4000 0027 6000 3184) waiting for the buyer to answer the local challenge
 * page: the card form shows it, and the answer (`POST /payments/local/challenge/`) pays or refuses.
 */
export const localConfirmSuccessSchema = z.object({ status: z.enum(['succeeded', 'requires_action']) })
export type LocalConfirmSuccess = z.infer<typeof localConfirmSuccessSchema>
/** A declined or unusable card (400) or an unknown or closed payment (404 / 400); `detail` repeats `error` (the one error envelope). */
export const localConfirmFailureSchema = z.object({ status: z.literal('failed'), error: z.string(), detail: z.string() })
export const localConfirmResponseSchema = z.union([localConfirmSuccessSchema, localConfirmFailureSchema])
export type LocalConfirmResponse = z.infer<typeof localConfirmResponseSchema>

/** Digits only: the form may show the number in groups of four. */
export const normalizeCardNumber = (value: string) => value.replace(/\s+/g, '')
