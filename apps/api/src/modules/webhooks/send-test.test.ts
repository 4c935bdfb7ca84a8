import type { WebhookDelivery, WebhookDeliveryList } from '@funnelry/shared'
import type { TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { freePort } from '../../../test/free-port.js'
import { configureWebhook } from '../../../test/funnel-factories.js'
import { startReceiver } from '../../../test/http-receiver.js'
import { verifyWebhookSignature } from './webhook-signature.js'

type Headers = Record<string, string>

describe("the CRM webhook's 'Send test'", () => {
  let ctx: TestApp
  let seller: Awaited<ReturnType<typeof createSellerSession>>
  const closers: (() => Promise<void>)[] = []

  test.beforeEach(async ({ app }) => {
    ctx = app
    seller = await createSellerSession(ctx)
  })
  test.afterEach(async () => {
    for (const close of closers.splice(0)) await close()
  })

  const receiver = async (status: number) => {
    const started = await startReceiver(() => status)
    closers.push(started.close)
    return started
  }
  const sendTest = (as: Headers) => ctx.app.inject({ method: 'POST', url: '/api/v1/webhook-deliveries/test/', headers: as })
  const list = async (as: Headers) =>
    (await ctx.app.inject({ url: '/api/v1/webhook-deliveries/', headers: as })).json() as WebhookDeliveryList

  test('sends one signed webhook.test with a sample lead under the seller’s key names, and logs it as delivered', async () => {
    const crm = await receiver(200)
    await configureWebhook(ctx, seller.seller.id, crm.url, { email: 'contact_email', fullName: 'contact_name' })

    const response = await sendTest(seller.headers)
    expect(response.statusCode).toBe(201)
    const sent = response.json() as WebhookDelivery
    expect(sent).toMatchObject({
      event: 'webhook.test',
      url: crm.url,
      status: 'delivered',
      attempts: 1,
      subject: { email: 'jane.doe@example.com', full_name: 'Jane Doe' },
      last_attempt: { status_code: 200, error: null, reason: null },
    })

    expect(crm.requests).toHaveLength(1)
    const [request] = crm.requests
    expect(JSON.parse(request?.body ?? '{}')).toMatchObject({
      contact_email: 'jane.doe@example.com',
      contact_name: 'Jane Doe',
      event: 'webhook.test',
    })
    expect(request?.headers['x-funnelry-event']).toBe('webhook.test')
    expect(request?.headers['x-funnelry-delivery']).toBe(sent.id)
    const settings = await ctx.app.inject({ url: `/api/v1/store-settings/${seller.seller.id}/`, headers: seller.headers })
    const secret = (settings.json() as { webhook_secret: string }).webhook_secret
    expect(verifyWebhookSignature(secret, request?.body ?? '', String(request?.headers['x-signature']))).toBe(true)

    expect((await list(seller.headers)).results).toEqual([sent])
  })

  test('says in plain words that nothing is listening, and keeps the technical detail', async () => {
    const closedPort = await freePort()
    await configureWebhook(ctx, seller.seller.id, `http://127.0.0.1:${closedPort}/hooks`)

    const response = await sendTest(seller.headers)
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_attempt: {
        status_code: null,
        error: expect.stringContaining('ECONNREFUSED'),
        reason: 'Your CRM refused the connection (nothing is listening at that address).',
      },
    })
  })

  test('names the HTTP status the CRM answered, and does not try a test again', async () => {
    const crm = await receiver(500)
    await configureWebhook(ctx, seller.seller.id, crm.url)

    const response = await sendTest(seller.headers)
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({
      status: 'failed',
      last_attempt: { status_code: 500, error: null, reason: 'Your CRM answered 500 Internal Server Error.' },
    })
    expect(crm.requests).toHaveLength(1)
  })

  test('asks for a webhook first when none is saved', async () => {
    const response = await sendTest(seller.headers)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: 'Save a webhook URL first, then send a test.' })
    expect((await list(seller.headers)).count).toBe(0)
  })

  test('sends to the signed-in seller’s webhook only, and logs it for them only', async () => {
    const mine = await receiver(200)
    const theirs = await receiver(200)
    const other = await createSellerSession(ctx)
    await configureWebhook(ctx, seller.seller.id, mine.url)
    await configureWebhook(ctx, other.seller.id, theirs.url)

    expect((await sendTest(other.headers)).statusCode).toBe(201)
    expect(theirs.requests).toHaveLength(1)
    expect(mine.requests).toHaveLength(0)
    expect((await list(seller.headers)).count).toBe(0)
    expect((await list(other.headers)).count).toBe(1)
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/webhook-deliveries/test/' })).statusCode).toBe(401)
  })

  test('is limited to a few presses a minute', async () => {
    const answers: number[] = []
    for (let n = 0; n < 11; n++) answers.push((await sendTest(seller.headers)).statusCode)
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(400))
    expect(answers[10]).toBe(429)
  })
})
