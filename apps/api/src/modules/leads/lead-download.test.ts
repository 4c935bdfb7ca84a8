import { eq } from 'drizzle-orm'
import { eventually, type TestApp } from '../../../test/build-test-app.js'
import { createSeller } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { configureWebhook, insertFreeOffer } from '../../../test/funnel-factories.js'
import { startReceiver } from '../../../test/http-receiver.js'
import { firstRow } from '../../db/first-row.js'
import { emails } from '../../mail/mail-tables.js'
import { unstorableTextMessage } from '../../plugins/storable-text.js'
import { webhookDeliveries } from '../webhooks/webhooks-tables.js'
import { leadFollowUps, leads } from './leads-tables.js'

const notify = (ctx: TestApp, payload: Record<string, unknown>, remoteAddress = '203.0.113.8') =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/seller/webhook/notify/', payload, remoteAddress })

/** Decision D16 and issue 9 item 7: opting in sends the download at once, and no name can turn it into a 500. */
describe('lead capture: the free download at opt-in, and text that cannot be stored', () => {
  let ctx: TestApp
  let receiver: Awaited<ReturnType<typeof startReceiver>>
  let sellerId: string
  let businessName: string
  let offerId: string

  const mailsTo = (to: string) => ctx.db.select().from(emails).where(eq(emails.to, to))
  // Lead capture's webhooks and emails are queued by the worker just after the answer (docs/decisions/0011).
  const followUpsQueued = () => eventually(async () => (await ctx.db.select().from(leadFollowUps)).length === 0)

  test.override('appOptions', () => ({ workers: true }))
  test.beforeEach(async ({ app }) => {
    ctx = app
    receiver = await startReceiver()
    const { seller } = await createSeller(ctx, { business_name: 'Acme Kitchen' })
    sellerId = seller.id
    businessName = 'Acme Kitchen'
    offerId = (await insertFreeOffer(ctx, sellerId, { headline: 'Seven Recipes', url: 'https://files.example/recipes.pdf' })).id
    // The seller has a CRM webhook: the payload is jsonb, which refuses a lone surrogate outright.
    await configureWebhook(ctx, sellerId, receiver.url)
  })
  test.afterEach(async () => {
    await receiver.close()
  })

  test('queues the free download email with the lead, once per lead and offer whatever the repeats', async () => {
    const first = await notify(ctx, { full_name: 'Grace Hopper', email: 'Grace@Example.com', product_id: offerId })
    expect(first.statusCode).toBe(201)
    // Owed in the same transaction as the lead (claimed at once), queued by the worker just after.
    expect((await firstRow(ctx.db.select().from(leads).where(eq(leads.email, 'grace@example.com'))))?.downloadSentAt).toBeInstanceOf(Date)
    await followUpsQueued()
    const [mail, ...more] = await mailsTo('grace@example.com')
    expect(more).toHaveLength(0)
    expect(mail).toMatchObject({ kind: 'free-download', subject: `Your free download from ${businessName}` })
    expect(mail?.text).toContain('Hi Grace Hopper')
    expect(mail?.text).toContain('- Seven Recipes: https://files.example/recipes.pdf')

    const repeats = await Promise.all(
      Array.from({ length: 4 }, (_, n) => notify(ctx, { full_name: `Grace ${n}`, email: 'grace@example.com', product_id: offerId })),
    )
    expect(repeats.map((response) => response.statusCode)).toEqual([201, 201, 201, 201])
    await followUpsQueued()
    expect(await mailsTo('grace@example.com')).toHaveLength(1)
    await eventually(async () => (await mailsTo('grace@example.com'))[0]?.status === 'stored')
  })

  test('sends the download of each offer a visitor opts in to', async () => {
    const other = await insertFreeOffer(ctx, sellerId, { headline: 'Nine Desserts', url: 'https://files.example/desserts.pdf' })
    await notify(ctx, { full_name: 'Alan Turing', email: 'alan@example.com', product_id: offerId })
    await notify(ctx, { full_name: 'Alan Turing', email: 'alan@example.com', product_id: other.id })
    await followUpsQueued()
    const texts = (await mailsTo('alan@example.com')).map((mail) => mail.text)
    expect(texts).toHaveLength(2)
    expect(texts.some((text) => text.includes('https://files.example/desserts.pdf'))).toBe(true)
    expect(texts.some((text) => text.includes('https://files.example/recipes.pdf'))).toBe(true)
  })

  test.each([
    ['a lone high surrogate', 'Jos\ud800'],
    ['a lone low surrogate', '\udc00José'],
    ['a NUL character', 'Jo\u0000sé'],
  ])('answers 400 on full_name, not 500, for %s, and stores nothing', async (_case, fullName) => {
    const email = `broken-${fullName.length}-${fullName.charCodeAt(2)}@example.com`
    const response = await notify(ctx, { full_name: fullName, email, product_id: offerId })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: expect.any(String), full_name: [unstorableTextMessage] })
    expect(await ctx.db.select().from(leads).where(eq(leads.email, email))).toHaveLength(0)
    expect(await mailsTo(email)).toHaveLength(0)
  })

  test('keeps a name with an emoji (a whole surrogate pair) as it was typed, in the lead and the CRM payload', async () => {
    const response = await notify(ctx, { full_name: 'José 😀', email: 'jose@example.com', product_id: offerId })
    expect(response.statusCode).toBe(201)
    expect((await firstRow(ctx.db.select().from(leads).where(eq(leads.email, 'jose@example.com'))))?.fullName).toBe('José 😀')
    await followUpsQueued()
    const deliveries = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.sellerId, sellerId))
    expect(deliveries.some((delivery) => Object.values(delivery.payload).includes('José 😀'))).toBe(true)
  })
})
