import { eq } from 'drizzle-orm'
import { createTestApp, eventually, type TestApp } from '../../../test/build-test-app.js'
import { createSeller, createSellerSession } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { followUpQueues, insertFreeOffer } from '../../../test/funnel-factories.js'
import { NotFoundError } from '../../lib/errors.js'
import { emails } from '../../mail/mail-tables.js'
import { createFree } from '../offers/offer-test-kit.js'
import { freeOffers } from '../offers/offers-tables.js'
import { webhookDeliveries } from '../webhooks/webhooks-tables.js'
import type { LeadOffer } from './lead-recording.js'
import { offerWithWebhook } from './lead-test-kit.js'
import { createLeadWriter } from './lead-writer.js'
import { leadFollowUps, leads } from './leads-tables.js'

const notify = (ctx: TestApp, payload: Record<string, unknown>, remoteAddress = '203.0.113.50') =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/seller/webhook/notify/', payload, remoteAddress })

describe('lead capture in batches', () => {
  let ctx: TestApp
  let sellerId: string
  let offer: LeadOffer

  test.beforeEach(async ({ app }) => {
    ctx = app
    ;({ sellerId, offer } = await offerWithWebhook(ctx, 'Batch Guide'))
  })
  // The workers queue each batch's webhooks and emails (docs/decisions/0011); the CRM address does
  // not resolve, so its deliveries only fail and retry in the background.
  const followUpsQueued = () => eventually(async () => (await ctx.db.select().from(leadFollowUps)).length === 0)

  test('keeps one lead, one webhook and one email when the same person opts in twice at once', async ({ workers: _ }) => {
    const visitor = { full_name: 'Twice', email: 'twice@example.com', product_id: offer.id }
    const [first, second] = await Promise.all([notify(ctx, visitor), notify(ctx, { ...visitor, email: 'TWICE@example.com' })])
    expect([first?.statusCode, second?.statusCode]).toEqual([201, 201])
    const stored = await ctx.db.select().from(leads).where(eq(leads.email, 'twice@example.com'))
    expect(stored).toHaveLength(1)
    await followUpsQueued()
    const deliveries = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.sellerId, sellerId))
    expect(deliveries.filter((delivery) => delivery.payload.Email === 'twice@example.com')).toHaveLength(1)
    expect(await ctx.db.select().from(emails).where(eq(emails.to, 'twice@example.com'))).toHaveLength(1)
  })

  test('stores every other lead of a batch when one of them cannot be stored', async ({ workers: _ }) => {
    const writer = createLeadWriter({ db: ctx.db, queues: followUpQueues(ctx), concurrentBatches: 1 })
    const at = new Date()
    const visitors = Array.from({ length: 10 }, (_, n) => ({ full_name: `Batch ${n}`, email: `batch${n}@example.com` }))
    // Queued all at once: the first starts a transaction alone and the other nine wait for one
    // batch together; the offer of the sixth no longer exists (deleted after it was looked up).
    const gone = { ...offer, id: crypto.randomUUID() }
    const outcomes = await Promise.allSettled(visitors.map((visitor, n) => writer.record({ offer: n === 5 ? gone : offer, visitor, at })))
    expect(outcomes.map((outcome) => outcome.status)).toEqual(visitors.map((_, n) => (n === 5 ? 'rejected' : 'fulfilled')))
    const refused = outcomes[5] as PromiseRejectedResult
    expect(refused.reason).toBeInstanceOf(NotFoundError)
    const stored = await ctx.db.select({ email: leads.email }).from(leads).where(eq(leads.freeOfferId, offer.id))
    const expected = visitors.filter((_, n) => n !== 5).map((visitor) => visitor.email)
    expect(stored.map((lead) => lead.email)).toEqual(expect.arrayContaining(expected))
    await followUpsQueued()
    const queuedEmails = await ctx.db.select({ to: emails.to }).from(emails)
    expect(queuedEmails.map((email) => email.to)).toEqual(expect.arrayContaining(expected))
    expect(queuedEmails.map((email) => email.to)).not.toContain('batch5@example.com')
  })

  test('refuses leads for an offer as soon as it is deactivated, although its lookup is cached', async () => {
    const session = await createSellerSession(ctx)
    const { id } = await createFree(ctx, session.headers)
    expect((await notify(ctx, { full_name: 'Early', email: 'early@example.com', product_id: id })).statusCode).toBe(201)
    const off = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/free-product/${id}/`,
      headers: session.headers,
      payload: { is_active: false },
    })
    expect(off.statusCode).toBe(200)
    const late = await notify(ctx, { full_name: 'Late', email: 'late@example.com', product_id: id })
    expect(late.statusCode).toBe(400)
    expect(late.json()).toEqual({ detail: expect.any(String), non_field_errors: ['Offer is not available'] })
    // A change made in the database by anything else reaches the cache too (migration 0007's triggers).
    await ctx.db.update(freeOffers).set({ isActive: true }).where(eq(freeOffers.id, id))
    let attempt = 0
    await eventually(async () => {
      attempt += 1
      return (await notify(ctx, { full_name: 'Later', email: `later${attempt}@example.com`, product_id: id })).statusCode === 201
    })
  })

  test('answers 429 once one address sends more than the volume limit', async () => {
    const limited = await createTestApp({
      deps: {
        leadCaptureLimits: {
          perOfferAndEmail: { max: 10, windowMs: 60_000 },
          perClientAddress: { max: 3, windowMs: 60_000 },
        },
      },
    })
    try {
      const owner = (await createSeller(limited)).seller.id
      const { id } = await insertFreeOffer(limited, owner)
      const statuses: number[] = []
      for (let n = 0; n < 4; n += 1) {
        statuses.push((await notify(limited, { full_name: 'V', email: `v${n}@example.com`, product_id: id }, '192.0.2.1')).statusCode)
      }
      expect(statuses).toEqual([201, 201, 201, 429])
      const refused = await notify(limited, { full_name: 'V', email: 'v9@example.com', product_id: id }, '192.0.2.1')
      expect(refused.json().detail).toMatch(/^Too many sign-ups from your network right now\. Please wait/)
      expect(refused.headers['retry-after']).toBeDefined()
      // Another address is counted on its own.
      expect((await notify(limited, { full_name: 'V', email: 'w@example.com', product_id: id }, '192.0.2.2')).statusCode).toBe(201)
    } finally {
      await limited.close()
    }
  })
})
