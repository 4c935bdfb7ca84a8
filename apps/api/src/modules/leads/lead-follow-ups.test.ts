import { eq, inArray } from 'drizzle-orm'
import { eventually, type TestApp } from '../../../test/build-test-app.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { followUpQueues } from '../../../test/funnel-factories.js'
import { emails } from '../../mail/mail-tables.js'
import { webhookDeliveries } from '../webhooks/webhooks-tables.js'
import { createLeadFollowUpHandler } from './lead-follow-ups.js'
import type { LeadOffer } from './lead-recording.js'
import { offerNamesOf, offerWithWebhook } from './lead-test-kit.js'
import { createLeadWriter } from './lead-writer.js'
import { leadFollowUps } from './leads-tables.js'

/**
 * Decision D16 with lead capture's batches (docs/decisions/0011): a batch commits its leads with
 * one row and one job that owe their webhooks and emails; the worker turns them into exactly one
 * `lead.created` delivery and one download email per new lead, however often its job runs.
 */
describe('lead capture: the follow-ups a batch owes', () => {
  let ctx: TestApp
  let sellerId: string
  let offer: LeadOffer

  // No workers until a test names them: the process "crashes" between a batch's commit and its follow-ups.
  test.beforeEach(async ({ app }) => {
    ctx = app
    ;({ sellerId, offer } = await offerWithWebhook(ctx, 'Owed Guide'))
  })

  const deliveriesFor = async (addresses: string[]) =>
    (await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.sellerId, sellerId))).filter((delivery) =>
      addresses.includes(String(delivery.payload.Email)),
    )
  const emailsTo = (addresses: string[]) => ctx.db.select().from(emails).where(inArray(emails.to, addresses))

  test('commits one row for a whole batch, then queues one webhook and one email per new lead, once', async () => {
    const writer = createLeadWriter({ db: ctx.db, queues: followUpQueues(ctx), concurrentBatches: 1 })
    const at = new Date()
    const visitor = (n: number) => ({ full_name: `Owed ${n}`, email: `owed${n}@example.com` })
    // A lead that exists already (its webhook and email were owed by an earlier batch).
    await writer.record({ offer, visitor: visitor(0), at })
    const before = await ctx.db.select().from(leadFollowUps)
    // Lead 5 takes the only transaction slot; the next five (one a repeat of lead 0) wait and go together.
    const alone = writer.record({ offer, visitor: visitor(5), at })
    const together = [1, 2, 3, 4, 0].map((n) => writer.record({ offer, visitor: visitor(n), at }))
    await Promise.all([alone, ...together])

    const owed = await ctx.db.select().from(leadFollowUps)
    const added = owed.filter((row) => !before.some((old) => old.id === row.id))
    expect(added.map((row) => row.webhookLeadIds.length).sort()).toEqual([1, 4])
    expect(added.map((row) => row.emailLeadIds.length).sort()).toEqual([1, 4])
    const addresses = [0, 1, 2, 3, 4, 5].map((n) => visitor(n).email)
    // Acknowledged and durable, but nothing queued yet: no worker has run.
    expect(await deliveriesFor(addresses)).toHaveLength(0)
    expect(await emailsTo(addresses)).toHaveLength(0)

    // A pg-boss job may run twice (a worker that died before recording that it finished).
    const handler = createLeadFollowUpHandler({ db: ctx.db, names: offerNamesOf(ctx), ...followUpQueues(ctx) })
    for (const row of owed) {
      await handler({ followUpId: row.id })
      await handler({ followUpId: row.id })
    }
    expect(await ctx.db.select().from(leadFollowUps)).toHaveLength(0)
    const deliveries = await deliveriesFor(addresses)
    expect(deliveries.map((delivery) => delivery.payload.Email).sort()).toEqual(addresses)
    expect(deliveries.every((delivery) => delivery.event === 'lead.created' && delivery.payload.offer_headline === 'Owed Guide')).toBe(true)
    const mails = await emailsTo(addresses)
    expect(mails.map((mail) => mail.to).sort()).toEqual(addresses)
    expect(mails.every((mail) => mail.kind === 'free-download')).toBe(true)
  })

  test('keeps what a batch owes across a crash before the worker ran: a worker started later queues it', async () => {
    const writer = createLeadWriter({ db: ctx.db, queues: followUpQueues(ctx) })
    await writer.record({ offer, visitor: { full_name: 'Late Worker', email: 'late-worker@example.com' }, at: new Date() })
    expect(await ctx.db.select().from(leadFollowUps)).toHaveLength(1)
    await ctx.startWorkers()
    await eventually(async () => (await ctx.db.select().from(leadFollowUps)).length === 0)
    expect(await deliveriesFor(['late-worker@example.com'])).toHaveLength(1)
    expect(await emailsTo(['late-worker@example.com'])).toHaveLength(1)
  })
})
