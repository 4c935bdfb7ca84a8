import { describe, expect, it } from 'vitest'
import { messages } from '../messages.js'
import { email, httpUrl, isHttpUrl, optionalHttpUrl } from './fields.js'

describe('shared field rules', () => {
  it('accepts only http and https URLs with a host', () => {
    expect(isHttpUrl('https://example.com/a?b=c')).toBe(true)
    expect(isHttpUrl('http://localhost:3000')).toBe(true)
    for (const bad of ['example.com', 'ftp://example.com', 'javascript:alert(1)', 'https://', 'http:// spaced.com']) {
      expect(isHttpUrl(bad)).toBe(false)
    }
  })

  it("uses the spec's URL message", () => {
    const result = httpUrl().safeParse('not a url')
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe(messages.invalidUrl)
  })

  it('treats an empty optional URL as not set', () => {
    expect(optionalHttpUrl().parse('')).toBeNull()
    expect(optionalHttpUrl().parse(undefined)).toBeNull()
    expect(optionalHttpUrl().parse('https://a.example')).toBe('https://a.example')
  })

  it('says required before invalid for emails', () => {
    expect(email(messages.emailRequired).safeParse('').error?.issues[0]?.message).toBe(messages.emailRequired)
    expect(email().safeParse('nope').error?.issues[0]?.message).toBe(messages.invalidEmail)
  })
})

describe('required URL', () => {
  it('says only "required" for an empty value', () => {
    const result = httpUrl().safeParse('')
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([messages.required])
  })
})
