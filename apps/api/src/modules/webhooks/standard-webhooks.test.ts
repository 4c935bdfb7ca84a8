import { createHmac, randomBytes } from 'node:crypto'
import type { WebhookDelivery } from '@funnelry/shared'
import { eq } from 'drizzle-orm'
import { Webhook, WebhookVerificationError } from 'standardwebhooks'
import { vi } from 'vitest'
import type { TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { configureWebhook } from '../../../test/funnel-factories.js'
import { type ReceivedRequest, startReceiver } from '../../../test/http-receiver.js'
import { crmWebhooks } from './webhooks-tables.js'

type Headers = Record<string, string>

/** What a receiver built on X-Signature computes: the hex HMAC-SHA256 of the body keyed with the secret's text. */
const xSignatureOf = (secret: string, body: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`

/** The headers as a receiver's framework hands them to the library (single values). */
const headersOf = (request: ReceivedRequest) =>
  Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]))

// Issue 23: deliveries follow Standard Webhooks, checked here by that standard's own library.
describe('CRM webhook deliveries under Standard Webhooks', () => {
  let ctx: TestApp
  let seller: Awaited<ReturnType<typeof createSellerSession>>
  let crm: Awaited<ReturnType<typeof startReceiver>>

  test.beforeEach(async ({ app }) => {
    ctx = app
    seller = await createSellerSession(ctx)
    crm = await startReceiver()
    await configureWebhook(ctx, seller.seller.id, crm.url)
  })
  test.afterEach(async () => {
    vi.useRealTimers()
    await crm.close()
  })

  const shownSecret = async () => {
    const settings = await ctx.app.inject({ url: `/api/v1/store-settings/${seller.seller.id}/`, headers: seller.headers })
    return (settings.json() as { webhook_secret: string }).webhook_secret
  }
  /** 'Send test' delivers at once: the one request the CRM received, and its delivery. */
  const deliverOne = async (as: Headers) => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/webhook-deliveries/test/', headers: as })
    expect(response.statusCode).toBe(201)
    const [request] = crm.requests
    if (!request) throw new Error('the CRM received nothing')
    return { request, delivery: response.json() as WebhookDelivery }
  }

  test('verify with the standardwebhooks library by the secret shown in Settings, the delivery id as webhook-id', async () => {
    const secret = await shownSecret()
    const before = Math.floor(Date.now() / 1000)
    const { request, delivery } = await deliverOne(seller.headers)

    const verified = new Webhook(secret).verify(request.body, headersOf(request))
    expect(verified).toMatchObject({ event: 'webhook.test' })
    expect(request.headers['webhook-id']).toBe(delivery.id)
    expect(request.headers['x-funnelry-delivery']).toBe(delivery.id)
    const timestamp = Number(request.headers['webhook-timestamp'])
    expect(timestamp).toBeGreaterThanOrEqual(before)
    expect(timestamp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000))
    // X-Signature stays for receivers built on it, keyed with the same text.
    expect(request.headers['x-signature']).toBe(xSignatureOf(secret, request.body))
    // Another seller's secret proves nothing.
    expect(() => new Webhook(`whsec_${randomBytes(24).toString('base64')}`).verify(request.body, headersOf(request))).toThrow(
      WebhookVerificationError,
    )
  })

  test('a captured delivery replayed later is refused: its timestamp is signed and goes stale', async () => {
    const secret = await shownSecret()
    const { request } = await deliverOne(seller.headers)
    const captured = headersOf(request)

    // Replayed with a fresh timestamp: the signature no longer matches.
    const refreshed = { ...captured, 'webhook-timestamp': String(Math.floor(Date.now() / 1000) + 60) }
    expect(() => new Webhook(secret).verify(request.body, refreshed)).toThrow('No matching signature found')
    // Replayed as it was, six minutes later: past the library's five-minute tolerance.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 6 * 60 * 1000)
    expect(() => new Webhook(secret).verify(request.body, captured)).toThrow('Message timestamp too old')
  })

  test('a secret made before Standard Webhooks (base64url) is shown in base64 for the library, and X-Signature keeps its old key', async () => {
    // 32 bytes in base64url without padding, as secrets were made before: '-' and '_' included.
    const bytes = Buffer.from(`${'fb'.repeat(16)}${'ff'.repeat(16)}`, 'hex')
    const old = `whsec_${bytes.toString('base64url')}`
    expect(old).toMatch(/[-_]/)
    await ctx.db.update(crmWebhooks).set({ secret: old }).where(eq(crmWebhooks.sellerId, seller.seller.id))

    const secret = await shownSecret()
    expect(secret).toBe(`whsec_${bytes.toString('base64')}`)
    const { request } = await deliverOne(seller.headers)
    expect(new Webhook(secret).verify(request.body, headersOf(request))).toMatchObject({ event: 'webhook.test' })
    // A receiver that stored the old text before this change still verifies X-Signature with it.
    expect(request.headers['x-signature']).toBe(xSignatureOf(old, request.body))
  })
})
