import { z } from 'zod'
import { email } from '../common/fields.js'
import { messages } from '../messages.js'

/** The visitor's details panel on a public offer page (spec section 5, "Visitor details"). */
export const visitorDetailsSchema = z.object({
  full_name: z
    .string({ error: messages.fullNameRequired })
    .trim()
    .min(1, messages.fullNameRequired)
    .max(150, 'Use at most 150 characters.'),
  email: email(messages.emailRequired),
})
export type VisitorDetails = z.infer<typeof visitorDetailsSchema>

/** Decision D5: lead capture, sent by the public page before payment. */
export const leadCaptureSchema = z.strictObject({
  ...visitorDetailsSchema.shape,
  product_id: z.uuid('This offer does not exist.'),
})
export type LeadCaptureInput = z.infer<typeof leadCaptureSchema>

/** `id`: the lead's id, the browser's `Lead` event id is `lead.<id>` (decision D29), as the server's. */
export const leadCaptureResponseSchema = z.object({ status: z.literal('subscribed'), id: z.string() })
export type LeadCaptureResponse = z.infer<typeof leadCaptureResponseSchema>

/** The events a seller's CRM webhook receives (decisions D9, D35); `webhook.test` only from Settings' 'Send test'. */
export const webhookEvents = ['lead.created', 'order.paid', 'order.refunded', 'webhook.test'] as const
export type WebhookEvent = (typeof webhookEvents)[number]
