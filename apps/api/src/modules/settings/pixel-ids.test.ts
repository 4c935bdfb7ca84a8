import { pixelScriptMessages } from '@funnelry/shared'
import type { TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'

type Session = Awaited<ReturnType<typeof createSellerSession>>

/** Decision D28 (issue 22 point 7): a pixel is the platform's snippet or its bare ID, nothing else. */
describe('pixel scripts and IDs', () => {
  let ctx: TestApp
  let seller: Session
  const post = (payload: object) => ctx.app.inject({ method: 'POST', url: '/api/v1/advertising-pixel/', headers: seller.headers, payload })
  const patch = (id: string, payload: object) =>
    ctx.app.inject({ method: 'PATCH', url: `/api/v1/advertising-pixel/${id}/`, headers: seller.headers, payload })

  test.beforeEach(async ({ app }) => {
    ctx = app
    seller = await createSellerSession(ctx)
  })

  test.each([
    ['facebook', '123456789012345'],
    ['facebook', ' 1234567890123456\n'],
    ['google', 'G-ABC123XYZ9'],
    ['google', 'AW-1234567890'],
    ['google', '<script async src="https://www.googletagmanager.com/gtag/js?id=G-X"></script>'],
    ['facebook', '<!-- Meta Pixel Code -->\n<SCRIPT>fbq("init", "1")</SCRIPT>'],
  ])('stores a %s pixel %j exactly as typed', async (pixel_type, script) => {
    const response = await post({ pixel_type, script })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toEqual({ id: expect.any(String), pixel_type, script })
  })

  test.each([
    ['facebook', '12345678901234', pixelScriptMessages.facebook],
    ['facebook', '12345678901234567', pixelScriptMessages.facebook],
    ['facebook', "fbq('init', '123')", pixelScriptMessages.facebook],
    ['google', 'UA-12345-1', pixelScriptMessages.google],
    ['google', 'g-abc123', pixelScriptMessages.google],
    ['google', '<noscript><img src="https://example.com/p.gif"></noscript>', pixelScriptMessages.google],
    ['google', '123456789012345', pixelScriptMessages.facebookIdAsGoogle],
    ['facebook', 'G-ABC123XYZ9', pixelScriptMessages.googleIdAsFacebook],
  ])('refuses a %s pixel %j with a field error on script', async (pixel_type, script, message) => {
    const response = await post({ pixel_type, script })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: expect.any(String), script: [message] })
  })

  test('checks a change of one field against the other, stored one', async () => {
    const pixel = (await post({ pixel_type: 'facebook', script: '123456789012345' })).json() as { id: string }
    const googleId = await patch(pixel.id, { script: 'G-ABC123XYZ9' })
    expect(googleId.statusCode).toBe(400)
    expect(googleId.json()).toEqual({ detail: expect.any(String), script: [pixelScriptMessages.googleIdAsFacebook] })
    const noScript = await patch(pixel.id, { script: 'console.log(1)' })
    expect(noScript.json()).toEqual({ detail: expect.any(String), script: [pixelScriptMessages.either] })
    const both = await patch(pixel.id, { pixel_type: 'google', script: 'AW-1234567890' })
    expect(both.json()).toEqual({ id: pixel.id, pixel_type: 'google', script: 'AW-1234567890' })
    const idOnly = await patch(pixel.id, { script: 'G-ABC123XYZ9' })
    expect(idOnly.json()).toEqual({ id: pixel.id, pixel_type: 'google', script: 'G-ABC123XYZ9' })
  })
})
