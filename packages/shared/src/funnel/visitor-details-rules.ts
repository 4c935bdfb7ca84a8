// No zod here: the public offer page checks the details panel with these rules alone (issue 11).
import { messages } from '../messages.js'

export type VisitorDetailsValues = { full_name: string; email: string }
export type VisitorDetailsErrors = Partial<Record<keyof VisitorDetailsValues, string>>

export const visitorDetailsLimits = { fullName: 150, email: 254 } as const

/** zod's own email pattern (`z.regexes.email`), which `visitorDetailsSchema` applies on the server. */
const emailPattern = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/

/**
 * The details panel's rules, word for word what `visitorDetailsSchema` (lead-schemas.ts) answers;
 * lead-schemas.test.ts holds the two together.
 */
export function visitorDetailsErrors(values: VisitorDetailsValues): VisitorDetailsErrors {
  const errors: VisitorDetailsErrors = {}
  const fullName = values.full_name.trim()
  const email = values.email.trim()
  if (fullName === '') errors.full_name = messages.fullNameRequired
  else if (fullName.length > visitorDetailsLimits.fullName) errors.full_name = `Use at most ${visitorDetailsLimits.fullName} characters.`
  if (email === '') errors.email = messages.emailRequired
  else if (email.length > visitorDetailsLimits.email) errors.email = `Use at most ${visitorDetailsLimits.email} characters.`
  else if (!emailPattern.test(email)) errors.email = messages.invalidEmail
  return errors
}
