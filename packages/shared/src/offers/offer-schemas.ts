import { z } from 'zod'
import { httpUrl, optionalHttpUrl, requiredText } from '../common/fields.js'
import { paginatedSchema } from '../common/pagination.js'
import { afterPurchaseField, afterPurchaseStepViewSchema } from '../funnel/post-purchase-steps.js'
import { pixelSchema, storeLinksSchema } from '../settings/settings-schemas.js'
import {
  activeFlag,
  currencyField,
  imageField,
  offerMessages,
  optionalAmount,
  optionalOfferId,
  optionalText,
  requiredAmount,
} from './offer-fields.js'

export * from './offer-fields.js'
export * from './offer-lifecycle.js'

/*
 * Forms. Each `*Fields` object is the shape a web form validates (it may extend it with its
 * own UI state); each `*FormSchema` is the exact multipart (or JSON) body the API accepts, with
 * unknown fields refused. Prices stay strings here; the server turns them into cents.
 */
const formObject = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, { error: (issue) => (issue.code === 'invalid_type' ? offerMessages.formExpected : undefined) })

export const freeOfferFields = {
  headline: requiredText(255),
  sub_headline: optionalText(500),
  url: httpUrl(),
  opt_in_button: requiredText(100),
  /** Absent: true on create, unchanged on update. */
  is_active: activeFlag().optional(),
  asset_image: imageField(),
  logo: imageField(),
  bump_offer_id: optionalOfferId(offerMessages.chooseBump),
  upsell_offer_id: optionalOfferId(offerMessages.chooseUpsell),
  /** Decision D34: the one-click steps after the payment, a JSON array in one multipart field. */
  after_purchase: afterPurchaseField(),
}
export const freeOfferFormSchema = formObject(freeOfferFields)
export type FreeOfferFormInput = z.input<typeof freeOfferFormSchema>
export type FreeOfferForm = z.output<typeof freeOfferFormSchema>

/** PATCH /free-product/{id}/: the card's activate/deactivate switch. */
export const freeOfferActivationSchema = formObject({ is_active: activeFlag() })
export type FreeOfferActivation = z.output<typeof freeOfferActivationSchema>

export const bumpOfferFields = {
  url: httpUrl(),
  headline: optionalText(255),
  description: optionalText(5000),
  old_price: optionalAmount(),
  new_price: optionalAmount(),
  currency: currencyField(),
  asset_image: imageField(),
}
export const bumpOfferFormSchema = formObject(bumpOfferFields)
export type BumpOfferFormInput = z.input<typeof bumpOfferFormSchema>
export type BumpOfferForm = z.output<typeof bumpOfferFormSchema>

export const upsellOfferFields = {
  headline: requiredText(255),
  url: httpUrl(),
  opt_in_button: requiredText(100),
  product_price: requiredAmount(),
  currency: currencyField(),
  video_url: optionalHttpUrl(),
  description: optionalText(5000),
  asset_image: imageField(),
  logo: imageField(),
}
export const upsellOfferFormSchema = formObject(upsellOfferFields)
export type UpsellOfferFormInput = z.input<typeof upsellOfferFormSchema>
export type UpsellOfferForm = z.output<typeof upsellOfferFormSchema>

/** Which form fields may carry a file; the server reads files only for these. */
export const freeOfferImageFields = ['asset_image', 'logo'] as const
export const bumpOfferImageFields = ['asset_image'] as const
export const upsellOfferImageFields = ['asset_image', 'logo'] as const
export type OfferImageField = (typeof freeOfferImageFields)[number]

/*
 * Responses. Money is a two-decimal string, currency a number of the currencies table, images
 * absolute-path URLs (`/media/...`) or null.
 */
const money = z
  .string()
  .regex(/^\d+\.\d{2}$/)
  .describe('two decimals, e.g. "9.99"')
const moneyOrNull = money.nullable()
const currency = z.number().int().min(1).max(3)
const image = z.string().nullable()
const timestamp = z.iso.datetime()

export const bumpOfferSchema = z.object({
  id: z.guid(),
  headline: z.string().nullable(),
  description: z.string().nullable(),
  asset_image: image,
  url: z.string(),
  currency,
  old_price: moneyOrNull,
  new_price: moneyOrNull,
  created_at: timestamp,
  /** Set while the offer is archived (docs/decisions/0021). */
  archived_at: timestamp.nullable(),
})
export type BumpOffer = z.infer<typeof bumpOfferSchema>

export const upsellOfferSchema = z.object({
  id: z.guid(),
  headline: z.string(),
  video_url: z.string().nullable(),
  description: z.string().nullable(),
  /** What the buyer gets: only the owning seller sees it; a public read answers null. */
  url: z.string().nullable(),
  asset_image: image,
  logo: image,
  opt_in_button: z.string(),
  product_price: money,
  currency,
  created_at: timestamp,
  /** Set while the offer is archived (docs/decisions/0021). */
  archived_at: timestamp.nullable(),
})
export type UpsellOffer = z.infer<typeof upsellOfferSchema>

/** The bump and upsell as a free offer's page shows them (no download links). */
export const attachedBumpOfferSchema = bumpOfferSchema.omit({ url: true, created_at: true, archived_at: true })
export type AttachedBumpOffer = z.infer<typeof attachedBumpOfferSchema>
export const attachedUpsellOfferSchema = upsellOfferSchema.omit({ url: true, created_at: true, archived_at: true })
export type AttachedUpsellOffer = z.infer<typeof attachedUpsellOfferSchema>

export const freeOfferSchema = z.object({
  id: z.guid(),
  headline: z.string(),
  sub_headline: z.string().nullable(),
  /** The free download: only the owning seller sees it; a public read answers null. */
  url: z.string().nullable(),
  opt_in_button: z.string(),
  asset_image: image,
  logo: image,
  is_active: z.boolean(),
  price: z.literal('0.00'),
  bump_offer: attachedBumpOfferSchema.nullable(),
  upsell_offer: attachedUpsellOfferSchema.nullable(),
  bump_offer_id: z.guid().nullable(),
  upsell_offer_id: z.guid().nullable(),
  /** Decision D34: the one-click steps after the payment ([] when none). */
  after_purchase: z.array(afterPurchaseStepViewSchema),
  show_url: z.string(),
  /** Filled from the seller's settings (settings issue); empty until then. */
  advertising_pixels: z.array(pixelSchema),
  /** Decision D31: the seller asks visitors for consent before any pixel runs. */
  consent_required: z.boolean(),
  store_links: storeLinksSchema,
  created_at: timestamp,
  /** Set while the offer is archived (docs/decisions/0021). */
  archived_at: timestamp.nullable(),
})
export type FreeOffer = z.infer<typeof freeOfferSchema>

export const offerDropdownItemSchema = z.object({ id: z.guid(), headline: z.string().nullable() })
export type OfferDropdownItem = z.infer<typeof offerDropdownItemSchema>
export const offerDropdownSchema = z.array(offerDropdownItemSchema)

export const freeOfferListSchema = paginatedSchema(freeOfferSchema)
export type FreeOfferList = z.infer<typeof freeOfferListSchema>
export const bumpOfferListSchema = paginatedSchema(bumpOfferSchema)
export type BumpOfferList = z.infer<typeof bumpOfferListSchema>
export const upsellOfferListSchema = paginatedSchema(upsellOfferSchema)
export type UpsellOfferList = z.infer<typeof upsellOfferListSchema>
