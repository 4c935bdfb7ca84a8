import { describe, expect, it } from 'vitest'
import { messages } from '../messages.js'
import { offerMessages } from './offer-fields.js'
import { bumpOfferFormSchema, freeOfferActivationSchema, freeOfferFormSchema, upsellOfferFormSchema } from './offer-schemas.js'

const issuesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]))

describe('offer form schemas', () => {
  it('read form strings: empty optional fields become null, prices stay strings, currency a number', () => {
    const parsed = bumpOfferFormSchema.parse({
      url: ' https://example.com/b ',
      headline: '',
      description: null,
      old_price: ' 19.5 ',
      new_price: '',
      currency: '2',
    })
    expect(parsed).toEqual({
      url: 'https://example.com/b',
      headline: null,
      description: null,
      old_price: '19.5',
      new_price: null,
      currency: 2,
    })
  })

  it('leave the currency to the server when it is absent or empty', () => {
    expect(bumpOfferFormSchema.parse({ url: 'https://x.test', currency: '' }).currency).toBeUndefined()
    expect(bumpOfferFormSchema.parse({ url: 'https://x.test' }).currency).toBeUndefined()
    expect(bumpOfferFormSchema.parse({ url: 'https://x.test', currency: 3 }).currency).toBe(3)
    for (const bad of ['4', '0', '1.5', 'usd', -1]) {
      expect(issuesOf(bumpOfferFormSchema.safeParse({ url: 'https://x.test', currency: bad }))).toEqual({
        currency: offerMessages.currency,
      })
    }
  })

  it("give the spec's messages for the required OTO fields", () => {
    expect(issuesOf(upsellOfferFormSchema.safeParse({}))).toEqual({
      headline: messages.required,
      url: messages.required,
      opt_in_button: messages.required,
      product_price: messages.required,
    })
    expect(
      issuesOf(upsellOfferFormSchema.safeParse({ headline: 'h', url: 'x', opt_in_button: 'b', product_price: '1', video_url: 'y' })),
    ).toEqual({
      url: messages.invalidUrl,
      video_url: messages.invalidUrl,
    })
  })

  it("read is_active as a form's 'true'/'false' or a boolean", () => {
    const base = { headline: 'h', url: 'https://x.test', opt_in_button: 'b' }
    expect(freeOfferFormSchema.parse({ ...base, is_active: 'false' }).is_active).toBe(false)
    expect(freeOfferFormSchema.parse(base).is_active).toBeUndefined()
    expect(freeOfferActivationSchema.parse({ is_active: true })).toEqual({ is_active: true })
    expect(issuesOf(freeOfferActivationSchema.safeParse({ is_active: 'on' }))).toEqual({ is_active: offerMessages.isActive })
  })

  it('take a file, an empty string (remove) or nothing (keep) for an image', () => {
    const base = { headline: 'h', url: 'https://x.test', opt_in_button: 'b' }
    const file = new File([new Uint8Array([1])], 'a.png')
    expect(freeOfferFormSchema.parse({ ...base, asset_image: file }).asset_image).toBe(file)
    expect(freeOfferFormSchema.parse({ ...base, logo: '' }).logo).toBe('')
    expect('asset_image' in freeOfferFormSchema.parse(base)).toBe(false)
    expect(issuesOf(freeOfferFormSchema.safeParse({ ...base, logo: '/media/old.png' }))).toEqual({ logo: offerMessages.imageType })
  })

  it('refuse unknown fields, and ids that are not ids', () => {
    const result = freeOfferFormSchema.safeParse({
      headline: 'h',
      url: 'https://x.test',
      opt_in_button: 'b',
      bump_offer_id: '12',
      extra: 1,
    })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((issue) => issue.code).sort()).toEqual(['custom', 'unrecognized_keys'])
  })
})
