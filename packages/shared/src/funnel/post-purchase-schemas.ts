import { z } from 'zod'
import { attachedUpsellOfferSchema } from '../offers/offer-schemas.js'
import { maxAfterPurchaseSteps } from './post-purchase-steps.js'

/** Decision D34: the calls of the page shown after a paid checkout with after-purchase steps. */
export const postPurchaseKinds = ['upsell', 'downsell'] as const
export type PostPurchaseKind = (typeof postPurchaseKinds)[number]

export const postPurchaseParamsSchema = z.object({ receipt: z.string().max(100) })

/** GET /api/v1/post-purchase/{receipt}/: the offer on screen now, or done (the thank-you page). */
export const postPurchaseStateSchema = z.union([
  z.object({
    done: z.literal(false),
    step: z.number().int().min(1).max(maxAfterPurchaseSteps),
    kind: z.enum(postPurchaseKinds),
    offer: attachedUpsellOfferSchema,
    /** 15 minutes after the first payment; past it, accept answers 410. */
    expires_at: z.iso.datetime(),
    /**
     * How many steps this buyer sees at most: the page's "Step 1 of 2". A step's downsell is the
     * same step (shown instead of nothing when its upsell is declined or refused), so it is not counted.
     */
    step_count: z.number().int().min(1).max(maxAfterPurchaseSteps),
    /** The seller's logo, as on the offer page (the free offer's), or null; shown with the business name as its text. */
    logo: z.string().nullable(),
    business_name: z.string(),
  }),
  z.object({ done: z.literal(true) }),
])
export type PostPurchaseState = z.infer<typeof postPurchaseStateSchema>

/** The body of accept and decline: which offer the visitor answered. Anything else (a price) is refused. */
export const postPurchaseChoiceSchema = z.strictObject({
  step: z.number().int().min(1).max(maxAfterPurchaseSteps),
  kind: z.enum(postPurchaseKinds),
})
export type PostPurchaseChoice = z.infer<typeof postPurchaseChoiceSchema>

export const postPurchaseAcceptResultSchema = z.object({
  status: z.enum(['succeeded', 'requires_action', 'failed']),
  /** requires_action: what the page completes (Stripe's next action, or the local challenge). */
  client_secret: z.string().optional(),
  /** Stripe: the seller's connected account the charge is on, and the key Stripe.js loads with. */
  account_id: z.string().optional(),
  publishable_key: z.string().optional(),
  provider: z.enum(['local', 'stripe']).optional(),
  message: z.string().optional(),
})
export type PostPurchaseAcceptResult = z.infer<typeof postPurchaseAcceptResultSchema>

export const postPurchaseDeclineResultSchema = z.object({ ok: z.literal(true) })

/** The local test provider's challenge page (decision D34): the page's Complete and Fail buttons. */
export const localChallengeSchema = z.strictObject({
  client_secret: z.string().min(1).max(200),
  outcome: z.enum(['complete', 'fail']),
})
/** `message`, on a failure: what the buyer is told (the bank did not confirm the payment). */
export const localChallengeResultSchema = z.object({ status: z.enum(['succeeded', 'failed']), message: z.string().optional() })
export type LocalChallengeResult = z.infer<typeof localChallengeResultSchema>
export const localChallengeQuerySchema = z.strictObject({ client_secret: z.string().min(1).max(200) })
/** What the challenge page shows, as a bank's would: who charges, and how much (from the stored charge, never the page). */
export const localChallengeDetailsSchema = z.object({ merchant: z.string(), amount: z.string(), currency: z.string() })
export type LocalChallengeDetails = z.infer<typeof localChallengeDetailsSchema>
