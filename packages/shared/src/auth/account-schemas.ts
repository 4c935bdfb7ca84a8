import { z } from 'zod'
import { email } from '../common/fields.js'
import { messages } from '../messages.js'
import { newPassword, passwordsMatch, passwordsMatchCheck } from './auth-schemas.js'

/** Decision D32: asks for a reset link; the answer is the same whether or not the email has an account. */
export const passwordResetRequestSchema = z.strictObject({ email: email() })
export type PasswordResetRequestInput = z.infer<typeof passwordResetRequestSchema>
export const passwordResetRequestedSchema = z.object({ detail: z.string() })

const confirmation = z.string({ error: messages.required }).min(1, messages.required).max(256)

/** The fields of the reset page's form: the token comes from the link. */
export const newPasswordFormSchema = z
  .object({ password: newPassword(), confirmed_password: confirmation })
  .refine(passwordsMatch, passwordsMatchCheck)
export type NewPasswordFormValues = z.infer<typeof newPasswordFormSchema>

export const passwordResetConfirmSchema = z
  .strictObject({
    token: z.string({ error: messages.required }).min(1, messages.required).max(256),
    password: newPassword(),
    confirmed_password: confirmation,
  })
  .refine(passwordsMatch, passwordsMatchCheck)
export type PasswordResetConfirmInput = z.infer<typeof passwordResetConfirmSchema>

/** A signed-in seller's password change: the current one proves it is them. */
export const passwordChangeSchema = z
  .strictObject({
    current_password: z.string({ error: messages.required }).min(1, messages.required).max(1024),
    password: newPassword(),
    confirmed_password: confirmation,
  })
  .refine(passwordsMatch, passwordsMatchCheck)
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>

/** Decision D33. */
export const twoFactorStatusSchema = z.object({ enabled: z.boolean() })
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>
export const twoFactorSetupSchema = z.object({ secret: z.string(), otpauth_url: z.string() })
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>

const code = z.string({ error: messages.required }).trim().min(1, messages.required).max(64)
export const twoFactorEnableSchema = z.strictObject({ code })
export type TwoFactorEnableInput = z.infer<typeof twoFactorEnableSchema>
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) })
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>
export const twoFactorDisableSchema = z.strictObject({
  password: z.string({ error: messages.required }).min(1, messages.required).max(1024),
  code,
})
export type TwoFactorDisableInput = z.infer<typeof twoFactorDisableSchema>

/** The token call's 401 when two-factor is on: `otp_required` tells the log-in form to ask for the code. */
export const otpRequiredSchema = z.object({ detail: z.string(), otp_required: z.boolean().optional() })
export type OtpRequired = z.infer<typeof otpRequiredSchema>
