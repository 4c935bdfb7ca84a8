import { bumpOffers, freeOffers, upsellOffers } from '../src/modules/offers/offers-tables.js'
import { createWebhooksModule } from '../src/modules/webhooks/webhooks-module.js'
import { crmWebhooks } from '../src/modules/webhooks/webhooks-tables.js'
import type { TestApp } from './build-test-app.js'

/** A free offer row for funnel tests (the offers API has its own tests of creating them). */
export async function insertFreeOffer(ctx: TestApp, sellerId: string, overrides: Partial<typeof freeOffers.$inferInsert> = {}) {
  const [offer] = await ctx.db
    .insert(freeOffers)
    .values({ sellerId, headline: 'The Free Guide', url: 'https://files.example/guide.pdf', optInButton: 'Get it free', ...overrides })
    .returning()
  if (!offer) throw new Error('no offer stored')
  return offer
}

/** Points the seller's CRM webhook at `url` (stored directly, bypassing the save-time address rule). */
export async function configureWebhook(ctx: TestApp, sellerId: string, url: string, keys = { email: 'Email', fullName: 'Name' }) {
  const values = { url, emailKey: keys.email, fullNameKey: keys.fullName }
  await ctx.db
    .insert(crmWebhooks)
    .values({ sellerId, ...values })
    .onConflictDoUpdate({ target: crmWebhooks.sellerId, set: values })
}

/** The webhooks module's services on the test app's database, queue and clock, built as buildApp builds them. */
export const webhookServices = (ctx: TestApp) =>
  createWebhooksModule({
    db: ctx.db,
    jobs: ctx.jobs,
    now: ctx.clock.now,
    publicUrl: ctx.config.publicUrl,
    allowPrivate: ctx.config.ALLOW_PRIVATE_WEBHOOKS,
  }).services

/** Where lead follow-ups go, for tests that build the lead writer or the follow-up handler themselves. */
export const followUpQueues = (ctx: TestApp) => ({ jobs: ctx.jobs, webhooks: webhookServices(ctx).emitter })

/** A $3.50 BUMP offer (was $19.00). */
export async function insertBump(ctx: TestApp, sellerId: string, overrides: Partial<typeof bumpOffers.$inferInsert> = {}) {
  const [row] = await ctx.db
    .insert(bumpOffers)
    .values({
      sellerId,
      headline: 'The Checklist',
      url: 'https://files.example/checklist.pdf',
      oldPriceCents: 1900,
      priceCents: 350,
      ...overrides,
    })
    .returning()
  if (!row) throw new Error('no bump stored')
  return row
}

/** A $49.00 upsell offer. */
export async function insertUpsell(ctx: TestApp, sellerId: string, overrides: Partial<typeof upsellOffers.$inferInsert> = {}) {
  const [row] = await ctx.db
    .insert(upsellOffers)
    .values({
      sellerId,
      headline: 'The Course',
      url: 'https://files.example/course',
      optInButton: 'Yes, add the course',
      priceCents: 4900,
      ...overrides,
    })
    .returning()
  if (!row) throw new Error('no upsell stored')
  return row
}
