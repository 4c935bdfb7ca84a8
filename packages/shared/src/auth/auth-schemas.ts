import { z } from 'zod'
import { email, requiredText, websiteUrl } from '../common/fields.js'
import { messages } from '../messages.js'

/**
 * Request bodies are strict: a field the server does not know is refused (a typo such as
 * `emial` is reported instead of silently ignored). Forms extend them for their own extra fields.
 */
export const loginSchema = z.strictObject({
  email: email(messages.emailRequired),
  password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(1024),
  /** Decision D33: the authenticator's 6-digit code, or an unused recovery code, when two-factor is on. */
  otp: z.string().trim().max(64).optional(),
})
export type LoginInput = z.infer<typeof loginSchema>

export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() })
export type TokenPair = z.infer<typeof tokenPairSchema>

export const refreshSchema = z.strictObject({ refresh: z.string({ error: messages.required }).min(1, messages.required) })

export const validateInviteSchema = z.strictObject({
  email: email(),
  token: z.string({ error: messages.required }).min(1, messages.required).max(256),
})
export type ValidateInviteInput = z.infer<typeof validateInviteSchema>
export const validateInviteResponseSchema = z.object({ valid: z.boolean() })

/** Decision D4: each claim is read from its own field. */
export const accessClaimsSchema = z.object({
  user_id: z.string(),
  full_name: z.string(),
  email: z.string(),
})
export type AccessClaims = z.infer<typeof accessClaimsSchema>

export const minPasswordLength = 8
/** Shown under the password field before anything is typed, and as its error when broken. */
export const passwordRule = `Use at least ${minPasswordLength} characters.`

/** A new password: the rule sign-up and both password changes share. */
export const newPassword = () =>
  z
    .string({ error: messages.required })
    .min(1, messages.required)
    .min(minPasswordLength, passwordRule)
    .max(256, 'Use at most 256 characters.')

const signUpFields = {
  full_name: requiredText(150),
  email: email(),
  business_name: requiredText(150),
  website: websiteUrl(),
  business_industry: requiredText(100),
  staff_members: requiredText(100),
  has_stripe_account: z.boolean({ error: messages.required }),
  password: newPassword(),
  confirmed_password: z.string({ error: messages.required }).min(1, messages.required),
}

export const passwordsMatch = <T extends { password: string; confirmed_password: string }>(value: T) =>
  value.password === value.confirmed_password

/**
 * Zod runs object-level checks only once every field is valid; `when` lets the mismatch show as
 * soon as both passwords are typed, whatever the other fields hold.
 */
export const passwordsMatchCheck = {
  message: messages.passwordsMustMatch,
  path: ['confirmed_password'],
  when: (payload: { value: unknown }) => {
    const value = payload.value as { password?: unknown; confirmed_password?: unknown } | null
    return typeof value?.password === 'string' && typeof value.confirmed_password === 'string' && value.confirmed_password !== ''
  },
}

/** The sign-up call (decision D15: it carries the invitation token too). */
export const signUpSchema = z
  .strictObject({ ...signUpFields, token: z.string({ error: messages.required }).min(1, messages.required).max(256) })
  .refine(passwordsMatch, passwordsMatchCheck)
export type SignUpInput = z.infer<typeof signUpSchema>

export const sellerSchema = z.object({
  id: z.string(),
  full_name: z.string(),
  email: z.string(),
  business_name: z.string(),
  website: z.string(),
  business_industry: z.string(),
  staff_members: z.string(),
  has_stripe_account: z.boolean(),
})
export type Seller = z.infer<typeof sellerSchema>

/** Rendered as plain values (spec section 3). */
export const optionListSchema = z.array(z.string())

/** The sign-up form: the same fields, with the Yes/No question as the person answers it. */
export const signUpFormSchema = z
  .object({ ...signUpFields, has_stripe_account: z.enum(['Yes', 'No'], { error: messages.required }) })
  .refine(passwordsMatch, passwordsMatchCheck)
export type SignUpFormValues = z.infer<typeof signUpFormSchema>
