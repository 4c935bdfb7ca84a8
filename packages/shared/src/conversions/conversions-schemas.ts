import { z } from 'zod'
import { paginatedSchema } from '../common/pagination.js'

/*
 * Server-side conversions (decisions D29-D31): the seller's Meta Conversions API and GA4
 * Measurement Protocol settings, the answer of "Send test event" and the delivery log. Secrets
 * (Meta's access token, GA4's API secret) are write-only: the API only says whether one is saved.
 */

export const conversionPlatforms = ['meta', 'google'] as const
export type ConversionPlatform = (typeof conversionPlatforms)[number]
export const conversionPlatformLabels: Record<ConversionPlatform, string> = { meta: 'Meta', google: 'Google Analytics 4' }

export const conversionMessages = {
  metaPixelId: 'A Meta pixel ID is 15 or 16 digits (Events Manager → Data sources).',
  ga4MeasurementId: 'A GA4 measurement ID starts with G- (Admin → Data streams), e.g. G-ABC123XYZ9.',
  metaTokenNeedsPixel: 'Add the pixel ID the access token belongs to.',
  ga4SecretNeedsId: 'Add the measurement ID the API secret belongs to.',
  nothingConfigured: 'Save a Meta pixel ID with its access token, or a GA4 measurement ID with its API secret, then send a test.',
  saved: 'Conversions API settings were saved.',
} as const

/** Decision D28's IDs: Meta 15-16 digits, GA4 `G-…`. */
export const metaPixelIdPattern = /^\d{15,16}$/
export const ga4MeasurementIdPattern = /^G-[A-Z0-9]{4,20}$/i

/** Empty text means "none": a cleared form field and null are the same. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null))

const pixelId = optionalText(16).refine((value) => value === null || metaPixelIdPattern.test(value), conversionMessages.metaPixelId)
const measurementId = optionalText(22).refine(
  (value) => value === null || ga4MeasurementIdPattern.test(value),
  conversionMessages.ga4MeasurementId,
)
/** A secret: omitted keeps the saved one, empty or null removes it. */
const writeOnlySecret = z.string().trim().max(500, 'Use at most 500 characters.').nullable().optional()

export const conversionSettingsInputSchema = z.strictObject({
  meta: z.strictObject({
    pixel_id: pixelId,
    access_token: writeOnlySecret,
    test_event_code: optionalText(100),
  }),
  google: z.strictObject({
    measurement_id: measurementId,
    api_secret: writeOnlySecret,
  }),
  consent_required: z.boolean({ error: 'Must be true or false.' }),
})
export type ConversionSettingsInput = z.input<typeof conversionSettingsInputSchema>
export type ConversionSettingsValues = z.output<typeof conversionSettingsInputSchema>

export const conversionSettingsSchema = z.object({
  meta: z.object({ pixel_id: z.string().nullable(), has_access_token: z.boolean(), test_event_code: z.string().nullable() }),
  google: z.object({ measurement_id: z.string().nullable(), has_api_secret: z.boolean() }),
  consent_required: z.boolean(),
})
export type ConversionSettings = z.infer<typeof conversionSettingsSchema>

/** One platform's answer to "Send test event", in plain words. */
export const conversionTestResultSchema = z.object({
  platform: z.enum(conversionPlatforms),
  ok: z.boolean(),
  message: z.string(),
  status_code: z.number().int().nullable(),
})
export type ConversionTestResult = z.infer<typeof conversionTestResultSchema>
export const conversionTestResponseSchema = z.object({ results: z.array(conversionTestResultSchema) })
export type ConversionTestResponse = z.infer<typeof conversionTestResponseSchema>

export const conversionDeliveryStatuses = ['pending', 'sent', 'failed'] as const
export type ConversionDeliveryStatus = (typeof conversionDeliveryStatuses)[number]

/** One server event to one platform, with the platform's latest answer. */
export const conversionDeliverySchema = z.object({
  id: z.guid(),
  platform: z.enum(conversionPlatforms),
  event_name: z.string(),
  event_id: z.string(),
  status: z.enum(conversionDeliveryStatuses),
  attempts: z.number().int(),
  created_at: z.iso.datetime(),
  sent_at: z.iso.datetime().nullable(),
  status_code: z.number().int().nullable(),
  /** Meta's `events_received` and `fbtrace_id`; null for GA4 and before an answer. */
  events_received: z.number().int().nullable(),
  fbtrace_id: z.string().nullable(),
  /** Why it failed (or is being retried), in plain words; null once sent. */
  reason: z.string().nullable(),
})
export type ConversionDelivery = z.infer<typeof conversionDeliverySchema>
export const conversionDeliveryListSchema = paginatedSchema(conversionDeliverySchema)
export type ConversionDeliveryList = z.infer<typeof conversionDeliveryListSchema>
