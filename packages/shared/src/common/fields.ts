import { z } from 'zod'
import { messages } from '../messages.js'

/** Building blocks shared by every form and route, so both sides say the same words. */
export const requiredText = (max = 255) =>
  z.string({ error: messages.required }).trim().min(1, messages.required).max(max, `Use at most ${max} characters.`)

const httpUrlPattern = /^https?:\/\/[^\s/$.?#][^\s]*$/i

export function isHttpUrl(value: string): boolean {
  if (!httpUrlPattern.test(value)) return false
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0
  } catch {
    return false
  }
}

export const httpUrl = (max = 2048) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(max, `Use at most ${max} characters.`)
    // An empty value already has its 'required' message; only a typed value can be a bad URL.
    .refine((value) => value === '' || isHttpUrl(value), messages.invalidUrl)

/**
 * A website as people type it: "example.com" means "https://example.com", so a value without a
 * scheme is given https:// before it is checked (and stored with it).
 */
export const websiteUrl = (max = 2048) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .transform((value) => (/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`))
    .pipe(z.string().max(max, `Use at most ${max} characters.`).refine(isHttpUrl, messages.invalidUrl))

/** An optional URL: empty means "not set" and becomes null. */
export const optionalHttpUrl = (max = 2048) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .refine((value) => value === '' || isHttpUrl(value), messages.invalidUrl)
    .transform((value) => (value === '' ? null : value))
    .nullish()
    .transform((value) => value ?? null)

/** `mailto:` and one email address (with an optional `?subject=…`): a support link may be an email. */
export function isMailtoLink(value: string): boolean {
  const match = /^mailto:([^?\s]+)(\?\S*)?$/i.exec(value)
  if (!match?.[1]) return false
  try {
    return z.email().safeParse(decodeURIComponent(match[1])).success
  } catch {
    return false // a malformed %-escape
  }
}

/** An optional web address or `mailto:` link: empty means "not set" and becomes null. */
export const optionalHttpOrMailtoUrl = (message: string, max = 2048) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .refine((value) => value === '' || isHttpUrl(value) || isMailtoLink(value), message)
    .transform((value) => (value === '' ? null : value))
    .nullish()
    .transform((value) => value ?? null)

export const email = (requiredMessage: string = messages.required) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(254, 'Use at most 254 characters.')
    .pipe(z.email(messages.invalidEmail))
