import { z } from 'zod'

import { maxAfterPurchaseSteps, postPurchaseMessages } from './post-purchase-messages.js'

export { maxAfterPurchaseSteps, postPurchaseMessages } from './post-purchase-messages.js'

export const afterPurchaseStepSchema = z.strictObject({
  upsell_offer_id: z.guid(postPurchaseMessages.chooseStepOffer),
  downsell_offer_id: z.guid(postPurchaseMessages.chooseStepOffer).nullish(),
})
export type AfterPurchaseStepInput = z.input<typeof afterPurchaseStepSchema>

export const afterPurchaseStepsSchema = z
  .array(afterPurchaseStepSchema, { error: postPurchaseMessages.malformedSteps })
  .max(maxAfterPurchaseSteps, postPurchaseMessages.tooManySteps)

/** One step as read back: the downsell is null when there is none. */
export const afterPurchaseStepViewSchema = z.object({ upsell_offer_id: z.guid(), downsell_offer_id: z.guid().nullable() })
export type AfterPurchaseStep = z.infer<typeof afterPurchaseStepViewSchema>

/**
 * The multipart field `after_purchase`: the JSON array as text (an array is accepted too). Absent:
 * none on create, unchanged on update; empty text: no steps.
 */
export const afterPurchaseField = () =>
  z
    .union([z.string(), z.array(z.unknown())], { error: postPurchaseMessages.malformedSteps })
    .optional()
    .transform((value, ctx): unknown[] | undefined => {
      if (value === undefined || Array.isArray(value)) return value
      if (value.trim() === '') return []
      try {
        const parsed: unknown = JSON.parse(value)
        if (Array.isArray(parsed)) return parsed
      } catch {
        // reported below
      }
      ctx.issues.push({ code: 'custom', message: postPurchaseMessages.malformedSteps, input: value })
      return z.NEVER
    })
    .pipe(afterPurchaseStepsSchema.optional())
    .transform((steps): AfterPurchaseStep[] | undefined =>
      steps?.map((step) => ({ upsell_offer_id: step.upsell_offer_id, downsell_offer_id: step.downsell_offer_id ?? null })),
    )
