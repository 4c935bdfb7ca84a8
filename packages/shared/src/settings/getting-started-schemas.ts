import { z } from 'zod'

/**
 * GET /getting-started/: the first-run checklist's state, read from the seller's own data (issue
 * 15), their last answer to the payment question (asked at sign-up, D14), to prefill it, and
 * whether the server sends emails at all (D25).
 */
export const gettingStartedSchema = z.object({
  /** The payment account can take charges (as last reported by the provider). */
  payments_connected: z.boolean(),
  /** At least one free offer exists. */
  free_offer_created: z.boolean(),
  /** A free offer has a BUMP or an OTO attached. */
  add_on_attached: z.boolean(),
  /** The seller's own domain is verified and serves their pages. */
  domain_verified: z.boolean(),
  /** 'Do you have a payment provider account?' as last answered (sign-up or Settings). */
  has_stripe_account: z.boolean(),
  /**
   * Decision D25: how this server delivers email. `stored` when the operator set no SMTP_URL: emails
   * are kept in the outbox and logged, never sent, and every dashboard page says so.
   */
  email_delivery: z.enum(['smtp', 'stored']),
})
export type GettingStarted = z.infer<typeof gettingStartedSchema>
