import { eq } from 'drizzle-orm'
import { afterAll, beforeAll } from 'vitest'
import type { TestApp } from '../../../test/build-test-app.js'
import { waitForDrainedQueues } from '../../../test/drained-queues.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { configureWebhook } from '../../../test/funnel-factories.js'
import { type ReceivedRequest, startReceiver } from '../../../test/http-receiver.js'
import { type AdPlatformsStandIn, startAdPlatformsStandIn } from '../../../test/support/ad-platforms-stand-in.js'
import { emailsTo, visitor } from '../orders/checkout-test-kit.js'
import { orderLines } from '../orders/orders-tables.js'
import { accept, followUpJobs, followUpsRun, insertPostPurchaseFunnel, payFirstOrder } from './post-purchase-test-kit.js'

/**
 * Issue 26: an accepted one-click offer is answered once its charge is recorded; its purchase
 * email, CRM webhook and ad platforms' Purchase follow through one job stored with the charge, so
 * they arrive exactly once, even when no worker ran until after the answer (a crash, a restart).
 */
describe('the follow-ups of an accepted one-click offer', () => {
  let standIn: AdPlatformsStandIn
  let crm: Awaited<ReturnType<typeof startReceiver>>
  let ctx: TestApp
  let funnel: Awaited<ReturnType<typeof insertPostPurchaseFunnel>>

  beforeAll(async () => {
    standIn = await startAdPlatformsStandIn()
    crm = await startReceiver()
  })
  afterAll(async () => {
    await standIn.close()
    await crm.close()
  })
  test.override('appOptions', () => ({ env: standIn.env }))
  test.beforeEach(async ({ app }) => {
    ctx = app
    standIn.requests.splice(0)
    crm.requests.splice(0)
    funnel = await insertPostPurchaseFunnel(ctx)
    await configureWebhook(ctx, funnel.seller.id, crm.url)
    // The settings as Settings saves them (the PUT is covered by conversion-settings.test.ts).
    await ctx.pool.query(
      `insert into conversion_settings (seller_id, meta_pixel_id, meta_access_token, ga4_measurement_id, ga4_api_secret)
       values ($1, '1234567890123456', 'meta-test-token', 'G-SHOP12345', 'ga4-secret')`,
      [funnel.seller.id],
    )
  })

  /** What this charge (step 1 of the order) sent: its emails, CRM events and each platform's Purchase. */
  const sentFor = async (orderId: string) => {
    const mentions = (body: unknown) =>
      JSON.stringify(body).includes(`${orderId}-step-1`) || JSON.stringify(body).includes(`${orderId}.step-1`)
    const mails = (await emailsTo(ctx, visitor.email.toLowerCase())).filter(
      (mail) => mail.kind === 'purchase' && mail.text.includes('The Course'),
    )
    const events = crm.requests.filter(
      (request: ReceivedRequest) => request.body.includes('"post_purchase"') && request.body.includes(orderId),
    )
    return {
      emails: mails.length,
      crm: events.length,
      meta: standIn.received('meta').filter((request) => mentions(request.body)).length,
      google: standIn.received('google').filter((request) => mentions(request.body)).length,
    }
  }
  const once = { emails: 1, crm: 1, meta: 1, google: 1 }

  test('the answer waits for none of them; a worker started later (after a crash) sends each once', async () => {
    // No worker runs yet: as if the process that answered stopped right after its answer.
    const { reference, orderId } = await payFirstOrder(ctx, funnel.offer.id, funnel.bump?.id)
    expect((await accept(ctx, reference, { step: 1, kind: 'upsell' })).json()).toEqual({ status: 'succeeded' })
    // The charge's order line is recorded with the answer (D35); its follow-ups are owed by one stored job.
    const lines = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, orderId))
    expect(lines.filter((line) => line.kind === 'post_purchase')).toHaveLength(1)
    expect((await followUpJobs(ctx)).map((job) => job.state)).toEqual(['created'])
    expect(await sentFor(orderId)).toEqual({ emails: 0, crm: 0, meta: 0, google: 0 })

    await ctx.startWorkers()
    await followUpsRun(ctx)
    await waitForDrainedQueues(ctx.pool)
    expect(await sentFor(orderId)).toEqual(once)
  })

  test('20 presses at once queue one job; the job run again (a crash before its end was heard) sends nothing more', async ({ workers }) => {
    const { reference, orderId } = await payFirstOrder(ctx, funnel.offer.id, funnel.bump?.id)
    const answers = await Promise.all(Array.from({ length: 20 }, () => accept(ctx, reference, { step: 1, kind: 'upsell' })))
    expect(answers.map((answer) => answer.json().status)).toEqual(Array.from({ length: 20 }, () => 'succeeded'))
    await followUpsRun(ctx)
    await workers.drained()
    expect(await sentFor(orderId)).toEqual(once)

    const [job] = await followUpJobs(ctx)
    expect(await followUpJobs(ctx)).toHaveLength(1)
    // pg-boss runs a job again when its worker stopped before reporting it done: the same payload.
    await ctx.jobs.send('post-purchase-follow-ups', job?.data as Parameters<typeof ctx.jobs.send<'post-purchase-follow-ups'>>[1])
    await followUpsRun(ctx)
    await workers.drained()
    expect(await sentFor(orderId)).toEqual(once)
  })
})
