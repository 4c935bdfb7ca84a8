import { z } from 'zod'
import { httpUrl, optionalHttpOrMailtoUrl, optionalHttpUrl } from '../common/fields.js'
import { messages } from '../messages.js'
import { optionalOfferId } from '../offers/offer-fields.js'
import { normalizeDomain } from './domain-name.js'

import { pixelScriptProblem } from './pixel-ids.js'

export { isDomainName, normalizeDomain } from './domain-name.js'
export { hasScriptElement, type PixelPlatformId, pixelPlatformId, pixelScriptMessages, pixelScriptProblem } from './pixel-ids.js'

/** Words of the Settings screen and its calls that both sides must agree on. */
export const settingsMessages = {
  domainTaken: 'This domain is already used by another account.',
  domainReserved: 'This domain belongs to the platform itself and cannot be used.',
  invalidDomain: 'Enter a valid domain such as shop.example.com or https://shop.example.com',
  defaultOffer: 'Choose one of your free offers.',
  noDomain: 'Save a domain first.',
  privateWebhook: 'Use a public address: private, local and internal addresses are not allowed.',
  connectRedirect: 'Redirecting you to finish connecting your payment account.',
  supportLink: 'Must be a valid URL starting with http:// or https://, or an email link such as mailto:help@example.com',
  alreadyConnected: 'Your payment account is already connected.',
} as const

/** The spec's toasts (section 8); the pixel one names the pixel type's label (decision D7). */
export const settingsToasts = {
  domain: 'Custom Domain was successfully updated.',
  webhook: 'Webhook information was successfully updated.',
  companyData: 'Company Data was successfully updated.',
  pixel: (label: string) => `${label} Script was successfully updated.`,
} as const

// Request bodies are strict, like every other call's (auth-schemas.ts): an unknown field is refused.

// ---- Store settings: two forms (Webhook, Company Data) share one PATCH call.

/** A key name of the CRM payload: required, and no whitespace anywhere (not trimmed away). */
const webhookKeyName = z
  .string({ error: messages.required })
  .min(1, messages.required)
  .max(100, 'Use at most 100 characters.')
  .refine((value) => !/\s/.test(value), messages.noSpaces)

export const webhookKeysSchema = z.strictObject({ email: webhookKeyName, full_name: webhookKeyName }, { error: messages.required })

/** The Webhook form. */
export const webhookSettingsSchema = z.strictObject({
  webhook_url: httpUrl(),
  webhook_keys: webhookKeysSchema,
})
export type WebhookSettingsInput = z.infer<typeof webhookSettingsSchema>

/** The Company Data form: each link optional, empty means "not set" (null). */
export const companyDataSchema = z.strictObject({
  privacy_policy: optionalHttpUrl(),
  terms_and_conditions: optionalHttpUrl(),
  // Support is often an email address (issue 22): mailto: links are taken too.
  support_link: optionalHttpOrMailtoUrl(settingsMessages.supportLink),
})
export type CompanyDataInput = z.infer<typeof companyDataSchema>

/** PATCH body: either form's fields may come alone; an absent field keeps its stored value. */
export const storeSettingsPatchSchema = z
  .strictObject({
    ...webhookSettingsSchema.shape,
    ...companyDataSchema.shape,
  })
  .partial()
export type StoreSettingsPatch = z.infer<typeof storeSettingsPatchSchema>

export const storeSettingsSchema = z.object({
  webhook_url: z.string().nullable(),
  webhook_keys: z.object({ email: z.string().nullable(), full_name: z.string().nullable() }),
  privacy_policy: z.string().nullable(),
  terms_and_conditions: z.string().nullable(),
  support_link: z.string().nullable(),
  /** Signs the CRM webhooks (Standard Webhooks, and X-Signature; decision D9); shown in Settings so the CRM can check it. */
  webhook_secret: z.string(),
})
export type StoreSettings = z.infer<typeof storeSettingsSchema>

// ---- Custom domain

/**
 * A URL or a bare host name; stored as the normalised host. Empty or null clears it. Saving the
 * domain already saved keeps its proof; another domain starts pending (checked at once).
 * `default_offer_id` is what the root `/` of the verified domain shows (left out: unchanged).
 */
export const domainSettingsPatchSchema = z.strictObject({
  domain: z
    .string({ error: (issue) => (issue.input === undefined ? messages.required : settingsMessages.invalidDomain) })
    .trim()
    .max(2048, 'Use at most 2048 characters.')
    .refine((value) => value === '' || normalizeDomain(value) !== null, settingsMessages.invalidDomain)
    .transform((value) => (value === '' ? null : normalizeDomain(value)))
    .nullable(),
  default_offer_id: optionalOfferId(settingsMessages.defaultOffer).optional(),
})
export type DomainSettingsPatch = z.infer<typeof domainSettingsPatchSchema>

/** pending: saved, not proven yet; verified: the TXT record was found; failed: the last check did not find it. */
export const domainStatuses = ['pending', 'verified', 'failed'] as const
export type DomainStatus = (typeof domainStatuses)[number]

export const domainSettingsSchema = z.object({
  domain: z.string().nullable(),
  /** The address the seller's DNS A record must point to (decision D8), shown before saving. */
  dns_ip: z.string(),
  /** The TXT record that proves the seller owns the domain (docs/decisions/0004); null without a domain. */
  txt_record: z.object({ name: z.string(), value: z.string() }).nullable(),
  status: z.enum(domainStatuses).nullable(),
  /** Why the last check failed, in words the seller can act on. */
  failure_reason: z.string().nullable(),
  checked_at: z.string().nullable(),
  default_offer_id: z.string().nullable(),
})
export type DomainSettings = z.infer<typeof domainSettingsSchema>

export const domainAllowedQuerySchema = z.object({ domain: z.string().min(1).max(2048) })
export const domainAllowedSchema = z.object({ allowed: z.literal(true) })

// ---- Advertising pixels (decision D7)

export const pixelTypes = ['facebook', 'google'] as const
export type PixelType = (typeof pixelTypes)[number]
export const pixelTypeLabels: Record<PixelType, string> = { facebook: 'Facebook', google: 'Google' }

export const maxPixelScriptLength = 20_000

/** Scripts are free text, stored exactly as written (no trimming): only the size is limited. */
const pixelScript = z
  .string({ error: messages.required })
  .max(maxPixelScriptLength, `Use at most ${maxPixelScriptLength} characters.`)
  .refine((value) => value.trim().length > 0, messages.required)

const pixelFields = z.strictObject({
  pixel_type: z.enum(pixelTypes, { error: 'Choose Facebook or Google.' }),
  script: pixelScript,
})

/** Decision D28: the script is the platform's snippet or its bare ID (pixel-ids.ts), on the script field. */
function checkPixelScript(value: { pixel_type?: PixelType | undefined; script?: string | undefined }, ctx: z.RefinementCtx) {
  if (value.script === undefined) return
  const problem = pixelScriptProblem(value.pixel_type, value.script)
  if (problem) ctx.addIssue({ code: 'custom', path: ['script'], message: problem })
}

export const pixelInputSchema = pixelFields.superRefine(checkPixelScript)
export type PixelInput = z.infer<typeof pixelInputSchema>

/** A change of the script alone is checked against the stored type by the server. */
export const pixelPatchSchema = pixelFields.partial().superRefine(checkPixelScript)
export type PixelPatch = z.infer<typeof pixelPatchSchema>

export const pixelSchema = z.object({ id: z.string(), pixel_type: z.enum(pixelTypes), script: z.string() })
export type Pixel = z.infer<typeof pixelSchema>
export const pixelListSchema = z.array(pixelSchema)

/** Any string: a malformed id answers 404 like an unknown one, not 400. */
export const pixelIdParamsSchema = z.object({ id: z.string() })

export const settingsUserParamsSchema = z.object({ userId: z.string() })

// ---- Payment account (decisions D10, D14)

export const connectAccountSchema = z.strictObject({ has_stripe_account: z.boolean({ error: messages.required }) })
export type ConnectAccountInput = z.infer<typeof connectAccountSchema>

/** The browser shows `message`, then goes to `url` (the provider's onboarding). */
export const connectAccountResponseSchema = z.object({ message: z.string(), url: z.string() })
export type ConnectAccountResponse = z.infer<typeof connectAccountResponseSchema>

export const accountStatusSchema = z.object({ connected: z.boolean() })
export type AccountStatus = z.infer<typeof accountStatusSchema>

/** The public free offer carries these (spec section 3: advertising_pixels, store_links). */
export const storeLinksSchema = z.object({
  privacy_policy: z.string().nullable(),
  terms_and_conditions: z.string().nullable(),
  support_link: z.string().nullable(),
})
export type StoreLinks = z.infer<typeof storeLinksSchema>
