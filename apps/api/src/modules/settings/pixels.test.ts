import { messages } from '@funnelry/shared'
import type { TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { maxPixelsPerSeller } from './pixel-service.js'

type Session = Awaited<ReturnType<typeof createSellerSession>>

const facebookScript = `<!-- Meta Pixel Code -->
<script>
  !function(f,b,e,v,n,t,s){if(f.fbq)return;n=f.fbq=function(){n.callMethod?
  n.callMethod.apply(n,arguments):n.queue.push(arguments)}}(window, document,'script');
  fbq('init', '1234567890');
</script>
`

describe('advertising pixels', () => {
  let ctx: TestApp
  let owner: Session
  let other: Session
  const call = (session: Session | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: `/api/v1/advertising-pixel/${url}`,
      ...(session ? { headers: session.headers } : {}),
      ...(payload ? { payload } : {}),
    })
  const addPixel = async (session: Session, pixel_type: 'facebook' | 'google', script: string) => {
    const response = await call(session, 'POST', '', { pixel_type, script })
    expect(response.statusCode).toBe(201)
    return response.json() as { id: string; pixel_type: string; script: string }
  }

  test.beforeEach(async ({ app }) => {
    ctx = app
    owner = await createSellerSession(ctx)
    other = await createSellerSession(ctx)
  })

  test('starts with an empty list', async () => {
    const response = await call(owner, 'GET', '')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual([])
  })

  test('creates pixels, stores scripts exactly as written and lists them oldest first', async () => {
    const first = await call(owner, 'POST', '', { pixel_type: 'facebook', script: facebookScript })
    expect(first.statusCode).toBe(201)
    expect(first.json()).toEqual({ id: expect.any(String), pixel_type: 'facebook', script: facebookScript })
    const second = await call(owner, 'POST', '', { pixel_type: 'google', script: "  <script>gtag('config', 'G-XYZ')</script>" })
    expect(second.statusCode).toBe(201)
    await call(other, 'POST', '', { pixel_type: 'google', script: '<script>theirs()</script>' })

    const list = await call(owner, 'GET', '')
    expect(list.json()).toEqual([first.json(), second.json()])
  })

  test('answers the validation messages', async () => {
    const response = await call(owner, 'POST', '', { pixel_type: 'tiktok', script: '' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: expect.any(String), pixel_type: ['Choose Facebook or Google.'], script: [messages.required] })
    const long = await call(owner, 'POST', '', { pixel_type: 'google', script: `<script>${'x'.repeat(20_001 - 8)}` })
    expect(long.json()).toEqual({ detail: expect.any(String), script: ['Use at most 20000 characters.'] })
    const fits = await call(owner, 'POST', '', { pixel_type: 'google', script: `<script>${'x'.repeat(20_000 - 8)}` })
    expect(fits.statusCode).toBe(201)
    await call(owner, 'DELETE', `${fits.json().id}/`)
  })

  test('updates the type and the script', async () => {
    const pixel = await addPixel(owner, 'facebook', facebookScript)
    const response = await call(owner, 'PATCH', `${pixel.id}/`, { pixel_type: 'google', script: '<script>updated()</script>' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ id: pixel.id, pixel_type: 'google', script: '<script>updated()</script>' })
    const scriptOnly = await call(owner, 'PATCH', `${pixel.id}/`, { script: '<script>again()</script>' })
    expect(scriptOnly.json()).toEqual({ id: pixel.id, pixel_type: 'google', script: '<script>again()</script>' })
    const bad = await call(owner, 'PATCH', `${pixel.id}/`, { pixel_type: 'bing' })
    expect(bad.json()).toEqual({ detail: expect.any(String), pixel_type: ['Choose Facebook or Google.'] })
  })

  test("answers 404 for another seller's pixel and for malformed ids, and leaves theirs alone", async () => {
    const theirs = await addPixel(other, 'google', '<script>theirs()</script>')
    expect((await call(owner, 'PATCH', `${theirs.id}/`, { script: '<script>mine()</script>' })).statusCode).toBe(404)
    expect((await call(owner, 'DELETE', `${theirs.id}/`)).statusCode).toBe(404)
    expect((await call(owner, 'PATCH', 'not-a-uuid/', { script: 'G-ABC123' })).statusCode).toBe(404)
    expect((await call(owner, 'DELETE', '12345/')).statusCode).toBe(404)
    expect((await call(other, 'GET', '')).json()).toEqual([theirs])
  })

  test('deletes with 204', async () => {
    const pixel = await addPixel(owner, 'facebook', facebookScript)
    const remaining = await addPixel(owner, 'google', '<script>stays()</script>')
    const response = await call(owner, 'DELETE', `${pixel.id}/`)
    expect(response.statusCode).toBe(204)
    expect(response.body).toBe('')
    expect((await call(owner, 'GET', '')).json()).toEqual([remaining])
    expect((await call(owner, 'DELETE', `${pixel.id}/`)).statusCode).toBe(404)
  })

  test('needs a token for every call', async () => {
    expect((await call(null, 'GET', '')).statusCode).toBe(401)
    expect((await call(null, 'POST', '', { pixel_type: 'google', script: 'x' })).statusCode).toBe(401)
  })

  test(`stops at ${maxPixelsPerSeller} pixels per seller`, async () => {
    const seller = await createSellerSession(ctx)
    for (let index = 0; index < maxPixelsPerSeller; index += 1) {
      expect((await call(seller, 'POST', '', { pixel_type: 'google', script: `<script>${index}</script>` })).statusCode).toBe(201)
    }
    const refused = await call(seller, 'POST', '', { pixel_type: 'google', script: '<script>one more</script>' })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().non_field_errors).toHaveLength(1)
  })
})
