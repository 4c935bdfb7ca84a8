import { inArray } from 'drizzle-orm'
import type { TestApp } from '../../../../test/build-test-app.js'
import { createSellerSession } from '../../../../test/factories.js'
import { describe, expect, test } from '../../../../test/fixtures.js'
import { paymentAccountRepository } from '../payment-account-repository.js'
import { localPaymentIntents } from '../payments-tables.js'
import { createLinkSigner } from './link-signer.js'
import { createLocalPaymentProvider, type LocalPaymentProvider } from './local-provider.js'
import { WebhookRejectedError } from './provider.js'

describe('the local test provider', () => {
  let ctx: TestApp
  let provider: LocalPaymentProvider
  let accountId: string

  test.beforeEach(async ({ app }) => {
    ctx = app
    provider = createLocalPaymentProvider({
      db: ctx.db,
      publicUrl: 'http://funnelry.test',
      signer: createLinkSigner('k'),
      now: ctx.clock.now,
    })
    const { seller } = await createSellerSession(ctx)
    accountId = await provider.createOrGetAccount({ sellerId: seller.id, email: seller.email, hasExistingAccount: false })
    await paymentAccountRepository.save(ctx.db, { sellerId: seller.id, provider: 'local', accountId, at: ctx.clock.now() })
  })

  test('keeps the account unable to take charges until onboarding is approved', async () => {
    expect(accountId).toMatch(/^acct_local_[A-Za-z0-9]{24}$/)
    expect(await provider.refreshAccountStatus(accountId)).toEqual({ chargesEnabled: false })
    expect(await provider.completeOnboarding(accountId, true)).toBe(true)
    expect(await provider.refreshAccountStatus(accountId)).toEqual({ chargesEnabled: true })
    expect(await provider.completeOnboarding('acct_local_unknown', true)).toBe(false)
    expect(await provider.refreshAccountStatus('acct_local_unknown')).toEqual({ chargesEnabled: false })
  })

  test('signs onboarding links per account', async () => {
    const url = new URL(await provider.onboardingUrl(accountId))
    expect(url.pathname).toBe('/api/v1/payments/local/onboarding/')
    expect(provider.verifyOnboardingToken(accountId, url.searchParams.get('token') ?? '')).toBe(true)
    expect(provider.verifyOnboardingToken('acct_local_other', url.searchParams.get('token') ?? '')).toBe(false)
    expect(provider.verifyOnboardingToken(accountId, undefined)).toBe(false)
  })

  test('creates intents once per idempotency key and updates them while unpaid', async () => {
    const request = { accountId, amountCents: 1500, currency: 'gbp' as const, metadata: { order_id: 'o1' }, idempotencyKey: 'o1' }
    const intent = await provider.createIntent(request)
    expect(intent).toEqual({
      id: expect.stringMatching(/^pi_local_/),
      clientSecret: expect.stringMatching(/^pi_local_\w+_secret_\w+$/),
      status: 'requires_payment_method',
      accountId,
      amountCents: 1500,
      currency: 'gbp',
      metadata: { order_id: 'o1' },
      lastError: null,
      declineCode: null,
    })
    expect(await provider.createIntent(request)).toEqual(intent)

    const updated = await provider.updateIntent({ accountId, intentId: intent.id, amountCents: 2500, metadata: { upsell_offer_id: 'u1' } })
    expect(updated).toMatchObject({ amountCents: 2500, metadata: { order_id: 'o1', upsell_offer_id: 'u1' } })
    expect(await provider.retrieveIntent(accountId, intent.id)).toEqual(updated)
    await expect(provider.retrieveIntent('acct_local_other', intent.id)).rejects.toMatchObject({ statusCode: 404 })
  })

  test('cancels an intent only while it waits for a payment', async () => {
    const request = { accountId, amountCents: 700, currency: 'usd' as const, metadata: {}, idempotencyKey: 'o2' }
    const intent = await provider.createIntent(request)
    expect(await provider.cancelIntent(accountId, intent.id)).toMatchObject({ id: intent.id, status: 'canceled' })
    await expect(provider.cancelIntent(accountId, intent.id)).rejects.toMatchObject({ statusCode: 400 })
    await expect(provider.updateIntent({ accountId, intentId: intent.id, amountCents: 800 })).rejects.toMatchObject({ statusCode: 400 })
    await expect(provider.cancelIntent('acct_local_other', intent.id)).rejects.toMatchObject({ statusCode: 404 })
    const declined = await provider.confirmWithTestCard(intent.clientSecret, '4242424242424242')
    expect(declined).toMatchObject({ status: 'failed', statusCode: 400, event: null })
  })

  test('an intent waiting for authentication can still be changed or canceled, as Stripe allows', async () => {
    const create = (key: string) =>
      provider.createIntent({ accountId, amountCents: 1900, currency: 'usd', metadata: { order_id: key }, idempotencyKey: key })
    const askAuthentication = async (key: string) => {
      const intent = await create(key)
      expect(await provider.confirmWithTestCard(intent.clientSecret, '4000 0027 6000 3184')).toEqual({ status: 'requires_action' })
      return intent
    }

    // The same amount (a reload sending its update again): the challenge still waits and still pays.
    const sameAmount = await askAuthentication('a1')
    expect(await provider.updateIntent({ accountId, intentId: sameAmount.id, amountCents: 1900 })).toMatchObject({
      status: 'requires_action',
      amountCents: 1900,
    })
    expect(await provider.findChallenge(sameAmount.clientSecret)).toMatchObject({ amountCents: 1900 })
    expect(await provider.answerChallenge(sameAmount.clientSecret, true)).toMatchObject({ intent: { status: 'succeeded' } })

    // A new amount (the bump ticked after the challenge opened): the old challenge is void, the card is asked again.
    const newAmount = await askAuthentication('a2')
    expect(await provider.updateIntent({ accountId, intentId: newAmount.id, amountCents: 2600 })).toMatchObject({
      status: 'requires_payment_method',
      amountCents: 2600,
    })
    expect(await provider.findChallenge(newAmount.clientSecret)).toBeNull()
    expect(await provider.answerChallenge(newAmount.clientSecret, true)).toBeNull()
    expect(await provider.retrieveIntent(accountId, newAmount.id)).toMatchObject({ status: 'requires_payment_method', amountCents: 2600 })
    expect(await provider.confirmWithTestCard(newAmount.clientSecret, '4242424242424242')).toMatchObject({ status: 'succeeded' })

    // Nothing left to pay (the total fell to 0): canceled, and the challenge can no longer pay it.
    const canceled = await askAuthentication('a3')
    expect(await provider.cancelIntent(accountId, canceled.id)).toMatchObject({ status: 'canceled' })
    expect(await provider.answerChallenge(canceled.clientSecret, true)).toBeNull()
    expect(await provider.retrieveIntent(accountId, canceled.id)).toMatchObject({ status: 'canceled' })
  })

  test('charges saved cards asked for together once per key, each answer its own (decision D34)', async () => {
    const paidFirst = async (key: string, card: string) => {
      const intent = await provider.createIntent({
        accountId,
        amountCents: 1900,
        currency: 'usd',
        metadata: { order_id: key },
        idempotencyKey: key,
        saveCardFor: { email: `${key}@example.com`, name: 'Ann' },
      })
      expect(await provider.confirmWithTestCard(intent.clientSecret, card)).toMatchObject({ status: 'succeeded' })
      return intent
    }
    const good = await paidFirst('f1', '4242424242424242')
    const laterDeclined = await paidFirst('f2', '4000 0000 0000 9995')
    const unpaid = await provider.createIntent({ accountId, amountCents: 900, currency: 'usd', metadata: {}, idempotencyKey: 'f3' })
    const charge = (firstIntentId: string, idempotencyKey: string, account = accountId) =>
      provider.chargeSavedCard({
        accountId: account,
        firstIntentId,
        amountCents: 4900,
        currency: 'usd',
        metadata: { step: '1' },
        idempotencyKey,
      })

    const [first, sameKey, declined, notSaved, otherAccount] = await Promise.all([
      charge(good.id, 'k1'),
      charge(good.id, 'k1'),
      charge(laterDeclined.id, 'k2'),
      charge(unpaid.id, 'k3'),
      charge(good.id, 'k4', 'acct_local_other'),
    ])
    expect(first).toMatchObject({ status: 'succeeded', intent: { amountCents: 4900, metadata: { step: '1' } } })
    expect(sameKey).toEqual(first)
    expect(declined).toMatchObject({ status: 'failed', intent: { status: 'requires_payment_method' } })
    expect(notSaved).toMatchObject({ status: 'failed', intent: null })
    expect(otherAccount).toMatchObject({ status: 'failed', intent: null })
    // A replay later answers with the same intent and charges nothing new.
    expect(await charge(good.id, 'k1')).toEqual(first)
    const stored = await ctx.db
      .select({ key: localPaymentIntents.idempotencyKey })
      .from(localPaymentIntents)
      .where(inArray(localPaymentIntents.idempotencyKey, ['k1', 'k2', 'k3', 'k4']))
    expect(stored.map((row) => row.key).sort()).toEqual(['k1', 'k2'])
  })

  test('confirms with the test cards and returns the signed event to deliver', async () => {
    const intent = await provider.createIntent({
      accountId,
      amountCents: 700,
      currency: 'usd',
      metadata: { order_id: 'o3' },
      idempotencyKey: 'o3',
    })
    const declined = await provider.confirmWithTestCard(intent.clientSecret, '4000 0000 0000 0002')
    expect(declined).toMatchObject({ status: 'failed', statusCode: 400, error: 'Your card was declined.' })
    if (declined.status !== 'failed' || !declined.event) throw new Error('a decline sends payment_intent.payment_failed')
    expect(provider.parseWebhook(declined.event.rawBody, declined.event.signature)).toMatchObject({
      type: 'payment_intent.payment_failed',
      intentId: intent.id,
      accountId,
      amountCents: 700,
      metadata: { order_id: 'o3' },
      failureMessage: 'Your card was declined.',
    })
    const paid = await provider.confirmWithTestCard(intent.clientSecret, '4242424242424242')
    if (paid.status !== 'succeeded') throw new Error('4242… succeeds')
    expect(provider.parseWebhook(paid.event.rawBody, paid.event.signature)).toMatchObject({
      type: 'payment_intent.succeeded',
      intentId: intent.id,
    })
    expect(await provider.retrieveIntent(accountId, intent.id)).toMatchObject({ status: 'succeeded' })
  })

  test('accepts only events it signed', () => {
    const body = JSON.stringify({
      id: 'evt_local_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      account: accountId,
      data: { object: { id: 'pi_local_1', amount: 1500, currency: 'gbp', metadata: { order_id: 'o1' } } },
    })
    expect(provider.parseWebhook(body, provider.signWebhook(body))).toMatchObject({
      type: 'payment_intent.succeeded',
      intentId: 'pi_local_1',
      accountId,
      failureMessage: null,
    })
    const stranger = createLocalPaymentProvider({
      db: ctx.db,
      publicUrl: 'http://x.test',
      signer: createLinkSigner('other'),
      now: ctx.clock.now,
    })
    expect(() => provider.parseWebhook(body, stranger.signWebhook(body))).toThrow(WebhookRejectedError)
  })
})
