import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type StripeStandIn, startStripeStandIn } from '../../../../test/stripe-stand-in.js'
import { PaymentError } from '../../../lib/errors.js'
import { createLinkSigner } from './link-signer.js'
import { type PaymentProvider, WebhookRejectedError } from './provider.js'
import { signProviderEvent } from './provider-events.js'
import { createStripePaymentProvider, stripeHostOptions } from './stripe-provider.js'

const webhookSecret = 'whsec_test_secret'

describe('the Stripe provider (real SDK, local stand-in)', () => {
  let stand: StripeStandIn
  let provider: PaymentProvider
  let accountId: string

  // Per test: the stand-in records every request, and a test reads the ones it caused.
  beforeEach(async () => {
    stand = await startStripeStandIn()
    provider = createStripePaymentProvider({
      secretKey: 'sk_test_provider',
      webhookSecret,
      apiUrl: stand.url,
      publicUrl: 'https://app.funnelry.test',
      platformFeePercent: 5,
      signer: createLinkSigner('test-key'),
    })
    accountId = await provider.createOrGetAccount({ sellerId: 'seller-1', email: 'a@example.com', hasExistingAccount: false })
  })
  afterEach(() => stand.close())

  it('turns STRIPE_API_URL into the SDK host, port and protocol', () => {
    expect(stripeHostOptions('http://127.0.0.1:12111')).toEqual({ host: '127.0.0.1', port: '12111', protocol: 'http' })
    expect(stripeHostOptions('https://stripe.internal.test')).toEqual({ host: 'stripe.internal.test', port: 443, protocol: 'https' })
    expect(stripeHostOptions(undefined)).toEqual({})
  })

  it('returns the same account for a repeated request (idempotency key per seller and answer)', async () => {
    expect(await provider.createOrGetAccount({ sellerId: 'seller-1', email: 'a@example.com', hasExistingAccount: false })).toBe(accountId)
    expect(stand.accounts.size).toBe(1)
  })

  it('creates direct-charge payment intents on the connected account with the platform fee', async () => {
    const intent = await provider.createIntent({
      accountId,
      amountCents: 1999,
      currency: 'usd',
      metadata: { order_id: 'order-1' },
      idempotencyKey: 'order-1-create',
    })
    expect(intent).toEqual({
      id: expect.stringMatching(/^pi_/),
      clientSecret: expect.stringMatching(/^pi_\w+_secret_/),
      status: 'requires_payment_method',
      accountId,
      amountCents: 1999,
      currency: 'usd',
      metadata: { order_id: 'order-1' },
      lastError: null,
      declineCode: null,
    })
    const [sent] = stand.find('POST', '/v1/payment_intents')
    expect(sent?.headers['stripe-account']).toBe(accountId)
    expect(sent?.headers['idempotency-key']).toBe('order-1-create')
    expect(sent?.form).toEqual({
      amount: '1999',
      currency: 'usd',
      'metadata[order_id]': 'order-1',
      'automatic_payment_methods[enabled]': 'true',
      application_fee_amount: '100',
    })

    const updated = await provider.updateIntent({ accountId, intentId: intent.id, amountCents: 2999, metadata: { bump_offer_id: 'b1' } })
    expect(updated).toMatchObject({ amountCents: 2999, metadata: { order_id: 'order-1', bump_offer_id: 'b1' } })
    const [update] = stand.find('POST', `/v1/payment_intents/${intent.id}`)
    expect(update?.headers['stripe-account']).toBe(accountId)
    expect(update?.form).toEqual({ amount: '2999', 'metadata[bump_offer_id]': 'b1', application_fee_amount: '150' })

    expect(await provider.retrieveIntent(accountId, intent.id)).toMatchObject({ id: intent.id, amountCents: 2999 })
    expect(stand.find('GET', `/v1/payment_intents/${intent.id}`)[0]?.headers['stripe-account']).toBe(accountId)
  })

  it("turns Stripe's refusals into payment errors", async () => {
    const intent = await provider.createIntent({ accountId, amountCents: 500, currency: 'eur', metadata: {}, idempotencyKey: 'order-2' })
    stand.setIntentStatus(intent.id, 'succeeded')
    await expect(provider.updateIntent({ accountId, intentId: intent.id, amountCents: 700 })).rejects.toBeInstanceOf(PaymentError)
    await expect(provider.retrieveIntent('acct_other', intent.id)).rejects.toMatchObject({ statusCode: 404 })
  })

  it('cancels an unpaid intent on the connected account, and refuses to cancel a paid one', async () => {
    const open = await provider.createIntent({ accountId, amountCents: 900, currency: 'usd', metadata: {}, idempotencyKey: 'order-3' })
    expect(await provider.cancelIntent(accountId, open.id)).toMatchObject({ id: open.id, status: 'canceled' })
    expect(stand.find('POST', `/v1/payment_intents/${open.id}/cancel`)[0]?.headers['stripe-account']).toBe(accountId)
    await expect(provider.updateIntent({ accountId, intentId: open.id, amountCents: 1000 })).rejects.toBeInstanceOf(PaymentError)

    const paid = await provider.createIntent({ accountId, amountCents: 900, currency: 'usd', metadata: {}, idempotencyKey: 'order-4' })
    stand.setIntentStatus(paid.id, 'succeeded')
    await expect(provider.cancelIntent(accountId, paid.id)).rejects.toBeInstanceOf(PaymentError)
  })

  it('verifies signed events and reads the three the product acts on', () => {
    const account = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'account.updated',
      data: { object: { id: accountId, object: 'account', charges_enabled: true } },
    })
    expect(provider.parseWebhook(account, signProviderEvent(account, webhookSecret))).toEqual({
      type: 'account.updated',
      eventId: 'evt_1',
      accountId,
      chargesEnabled: true,
    })

    const failed = JSON.stringify({
      id: 'evt_2',
      object: 'event',
      type: 'payment_intent.payment_failed',
      account: accountId,
      data: {
        object: {
          id: 'pi_1',
          object: 'payment_intent',
          amount: 1999,
          currency: 'usd',
          metadata: { order_id: 'o' },
          last_payment_error: { message: 'Your card was declined.' },
        },
      },
    })
    expect(provider.parseWebhook(Buffer.from(failed), signProviderEvent(failed, webhookSecret))).toEqual({
      type: 'payment_intent.payment_failed',
      eventId: 'evt_2',
      intentId: 'pi_1',
      accountId,
      amountCents: 1999,
      currency: 'usd',
      metadata: { order_id: 'o' },
      failureMessage: 'Your card was declined.',
    })

    // Decision D35: where refunds stand; a charge.refunded without its refunds expanded names none.
    const refund = { id: 're_1', object: 'refund', amount: 4900, status: 'succeeded', metadata: { order_line_id: 'l' } }
    const updated = JSON.stringify({ id: 'evt_5', object: 'event', type: 'refund.updated', account: accountId, data: { object: refund } })
    expect(provider.parseWebhook(updated, signProviderEvent(updated, webhookSecret))).toEqual({
      type: 'refund.updated',
      eventId: 'evt_5',
      accountId,
      refunds: [{ id: 're_1', amountCents: 4900, status: 'succeeded', metadata: { order_line_id: 'l' } }],
    })
    const charge = JSON.stringify({ id: 'evt_6', object: 'event', type: 'charge.refunded', data: { object: { id: 'ch_1' } } })
    expect(provider.parseWebhook(charge, signProviderEvent(charge, webhookSecret))).toEqual({
      type: 'refund.updated',
      eventId: 'evt_6',
      accountId: null,
      refunds: [],
    })

    const other = JSON.stringify({ id: 'evt_3', object: 'event', type: 'charge.dispute.created', data: { object: {} } })
    expect(provider.parseWebhook(other, signProviderEvent(other, webhookSecret))).toEqual({
      type: 'ignored',
      eventId: 'evt_3',
      providerType: 'charge.dispute.created',
    })
  })

  it('rejects unsigned, wrongly signed, tampered and stale events', () => {
    const body = JSON.stringify({
      id: 'evt_4',
      object: 'event',
      type: 'account.updated',
      data: { object: { id: 'acct_1', charges_enabled: true } },
    })
    expect(() => provider.parseWebhook(body, undefined)).toThrow(WebhookRejectedError)
    expect(() => provider.parseWebhook(body, signProviderEvent(body, 'whsec_other'))).toThrow(WebhookRejectedError)
    expect(() => provider.parseWebhook(body.replace('true', 'false'), signProviderEvent(body, webhookSecret))).toThrow(WebhookRejectedError)
    const old = Math.floor(Date.now() / 1000) - 3600
    expect(() => provider.parseWebhook(body, signProviderEvent(body, webhookSecret, old))).toThrow(WebhookRejectedError)
  })
})
