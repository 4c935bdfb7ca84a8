import { describe, expect, it } from 'vitest'
import { messages } from '../messages.js'
import { normalizeDomain } from './domain-name.js'
import {
  companyDataSchema,
  domainSettingsPatchSchema,
  pixelInputSchema,
  pixelTypeLabels,
  settingsMessages,
  settingsToasts,
  storeSettingsPatchSchema,
  webhookSettingsSchema,
} from './settings-schemas.js'

const firstMessage = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])

describe('custom domain normalisation', () => {
  it('keeps only the lower-case host', () => {
    expect(normalizeDomain('https://Shop.Example.com:8443/path?q=1')).toBe('shop.example.com')
    expect(normalizeDomain('Shop.Example.COM')).toBe('shop.example.com')
    expect(normalizeDomain('shop.example.com.')).toBe('shop.example.com')
    expect(normalizeDomain('http://shop.example.com/')).toBe('shop.example.com')
    expect(normalizeDomain('  shop.example.com  ')).toBe('shop.example.com')
    expect(normalizeDomain('bücher.example')).toBe('xn--bcher-kva.example')
  })

  it('refuses what is not a domain name', () => {
    for (const bad of [
      '',
      'localhost',
      'ftp://shop.example.com',
      '127.0.0.1',
      'http://10.0.0.1/',
      'shop example.com',
      'user:pw@shop.example.com',
      '-a.example.com',
      'a..b',
    ]) {
      expect(normalizeDomain(bad), bad).toBeNull()
    }
  })

  it('validates and normalises in the PATCH schema; empty clears', () => {
    expect(domainSettingsPatchSchema.parse({ domain: 'https://Shop.Example.com:8443/x' })).toEqual({ domain: 'shop.example.com' })
    expect(domainSettingsPatchSchema.parse({ domain: '' })).toEqual({ domain: null })
    expect(domainSettingsPatchSchema.parse({ domain: null })).toEqual({ domain: null })
    expect(firstMessage(domainSettingsPatchSchema.safeParse({ domain: 'not a domain' }))).toEqual([
      ['domain', settingsMessages.invalidDomain],
    ])
    expect(firstMessage(domainSettingsPatchSchema.safeParse({}))).toEqual([['domain', messages.required]])
  })
})

describe('store settings forms', () => {
  it('requires the webhook URL and both key names, without spaces', () => {
    expect(firstMessage(webhookSettingsSchema.safeParse({ webhook_url: '', webhook_keys: { email: '', full_name: 'full name' } }))).toEqual(
      [
        ['webhook_url', messages.required],
        ['webhook_keys.email', messages.required],
        ['webhook_keys.full_name', messages.noSpaces],
      ],
    )
    expect(
      firstMessage(webhookSettingsSchema.safeParse({ webhook_url: 'nope', webhook_keys: { email: ' email', full_name: 'name\t' } })),
    ).toEqual([
      ['webhook_url', messages.invalidUrl],
      ['webhook_keys.email', messages.noSpaces],
      ['webhook_keys.full_name', messages.noSpaces],
    ])
  })

  it('takes company links as optional URLs', () => {
    expect(companyDataSchema.parse({ privacy_policy: '', support_link: 'https://help.example.com' })).toEqual({
      privacy_policy: null,
      terms_and_conditions: null,
      support_link: 'https://help.example.com',
    })
    expect(firstMessage(companyDataSchema.safeParse({ terms_and_conditions: 'terms' }))).toEqual([
      ['terms_and_conditions', messages.invalidUrl],
    ])
  })

  it('takes a mailto: link with one valid email address as the support link, and nothing else but a web address', () => {
    for (const link of ['mailto:help@example.com', 'MAILTO:help@example.com?subject=Order%20help', 'mailto:help%40example.com']) {
      expect(companyDataSchema.parse({ support_link: link }).support_link).toBe(link)
    }
    for (const link of ['mailto:', 'mailto:not an email', 'mailto:a@b', 'javascript:alert(1)', 'mailto:%E0%A4%A']) {
      expect(firstMessage(companyDataSchema.safeParse({ support_link: link }))).toEqual([['support_link', settingsMessages.supportLink]])
    }
    // The policy links stay web pages.
    expect(firstMessage(companyDataSchema.safeParse({ privacy_policy: 'mailto:help@example.com' }))).toEqual([
      ['privacy_policy', messages.invalidUrl],
    ])
  })

  it('lets either form be sent alone in the PATCH body and leaves absent fields out', () => {
    expect(storeSettingsPatchSchema.parse({ support_link: '' })).toEqual({ support_link: null })
    expect(storeSettingsPatchSchema.parse({ webhook_url: 'https://crm.example.com/hook' })).toEqual({
      webhook_url: 'https://crm.example.com/hook',
    })
  })
})

describe('pixels', () => {
  it('takes the two types and a script stored as written', () => {
    const script = '  <script>fbq("init")</script>\n'
    expect(pixelInputSchema.parse({ pixel_type: 'facebook', script })).toEqual({ pixel_type: 'facebook', script })
    expect(firstMessage(pixelInputSchema.safeParse({ pixel_type: 'tiktok', script: '   ' }))).toEqual([
      ['pixel_type', 'Choose Facebook or Google.'],
      ['script', messages.required],
    ])
    expect(firstMessage(pixelInputSchema.safeParse({ pixel_type: 'google', script: `<script>${'x'.repeat(20_001)}` }))).toEqual([
      ['script', 'Use at most 20000 characters.'],
    ])
  })

  it("names the toast after the type's label (decision D7)", () => {
    expect(settingsToasts.pixel(pixelTypeLabels.facebook)).toBe('Facebook Script was successfully updated.')
    expect(pixelTypeLabels.google).toBe('Google')
  })
})
