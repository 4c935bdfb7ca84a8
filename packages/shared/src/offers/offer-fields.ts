import { z } from 'zod'
import { type CurrencyId, currencies } from '../currencies.js'
import { messages } from '../messages.js'
import { amountSchema } from '../money.js'

/** Offer texts the spec leaves to us, worded so a person knows what to do. */
export const offerMessages = {
  imageType: 'Upload a PNG or JPEG image.',
  currency: 'Choose one of the listed currencies.',
  isActive: 'Must be true or false.',
  chooseBump: 'Choose one of your BUMP offers.',
  /** Decision D27: a paid BUMP or OTO needs a payment account that can take charges. */
  connectPaymentsFirst: 'Connect your payment account in Settings before making this offer active: its BUMP or OTO is paid.',
  chooseUpsell: 'Choose one of your OTO offers.',
  currencyMismatch: 'The bump and the upsell must use the same currency.',
  formExpected: 'Send the offer as a form.',
  /** Decision D19: only a price above zero can be charged, so an add-on without one cannot be attached. */
  unpricedBump: (headline: string | null) =>
    `The BUMP offer "${headline ?? 'Untitled'}" has no price above 0. Give it a new price before attaching it.`,
  unpricedUpsell: (headline: string) => `The OTO offer "${headline}" has no price above 0. Give it a price before attaching it.`,
  attachedBumpNeedsPrice: 'A free offer uses this BUMP: it needs a new price above 0. Detach it from the free offer first.',
  attachedUpsellNeedsPrice: 'A free offer uses this OTO: it needs a price above 0. Detach it from the free offer first.',
} as const

/**
 * Building blocks of the three offer forms. Forms post multipart text, so every field accepts
 * the string a form sends; an optional field sent empty means "not set" and becomes null.
 */
const tooLong = (max: number) => `Use at most ${max} characters.`

export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong(max))
    .nullish()
    .transform((value) => (value ? value : null))

/** A price as typed ("19", "19.9", "19.99"); it stays a string here and becomes cents on the server. */
export const requiredAmount = () => z.string({ error: messages.required }).trim().min(1, messages.required).pipe(amountSchema)

export const optionalAmount = () =>
  z
    .string()
    .trim()
    .nullish()
    .transform((value) => (value ? value : null))
    .pipe(amountSchema.nullable())

const isCurrencyId = (value: number): value is CurrencyId => currencies.some((currency) => currency.value === value)

/** Decision D2. Absent or empty leaves the choice to the server: 1 on create, unchanged on update. */
export const currencyField = () =>
  z
    .union([z.number(), z.string()], { error: offerMessages.currency })
    .nullish()
    .transform((value, ctx): CurrencyId | undefined => {
      if (value === '' || value === null || value === undefined) return undefined
      const id = typeof value === 'number' ? value : Number(value.trim())
      if (Number.isInteger(id) && isCurrencyId(id)) return id
      ctx.issues.push({ code: 'custom', message: offerMessages.currency, input: value })
      return z.NEVER
    })

/** `is_active` arrives as 'true'/'false' in a form and as a boolean in JSON. */
export const activeFlag = () =>
  z
    .union([z.boolean(), z.enum(['true', 'false'])], { error: offerMessages.isActive })
    .transform((value) => value === true || value === 'true')

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const isUuid = (value: string): boolean => uuidPattern.test(value)

/** A dropdown choice: empty means none; anything that is not an id gets the dropdown's message. */
export const optionalOfferId = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isUuid(value), message)

/**
 * An image field. A new file replaces the image; an empty string (or null) removes it; leaving
 * the field out keeps the stored image, so a form sends a file only when the image changed.
 * The server decides from the bytes whether a file is a PNG or JPEG (decision D12 sets its size).
 */
export const imageField = () => z.union([z.file(), z.literal('')], { error: offerMessages.imageType }).nullish()
