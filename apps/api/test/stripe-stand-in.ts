import { randomBytes } from 'node:crypto'
import http, { type IncomingHttpHeaders } from 'node:http'

/**
 * A local HTTP server standing in for Stripe's API (DESIGN.md, "Tests"): the real `stripe` SDK is
 * pointed at it through STRIPE_API_URL, it answers with Stripe-shaped JSON, and it records every
 * request so that tests assert what the SDK actually sent (form-encoded bodies, headers).
 * It knows only the endpoints the product uses.
 */

export type RecordedRequest = {
  method: string
  path: string
  headers: IncomingHttpHeaders
  /** The form-encoded body as Stripe receives it: bracketed keys, e.g. `metadata[seller_id]`. */
  form: Record<string, string>
}

type StoredAccount = {
  id: string
  object: 'account'
  type: 'standard'
  email: string | null
  charges_enabled: boolean
  details_submitted: boolean
  metadata: Record<string, string>
}
type StoredIntent = {
  id: string
  object: 'payment_intent'
  amount: number
  currency: string
  status: string
  client_secret: string
  metadata: Record<string, string>
  application_fee_amount: number | null
  account: string
  customer: string | null
  payment_method: string | null
  setup_future_usage: string | null
  last_payment_error: { message: string; code?: string; decline_code?: string } | null
  next_action: { type: string } | null
}

/**
 * Stripe's test payment methods the stand-in knows for a confirmed charge (decision D34): one that
 * asks for 3-D Secure on every charge, one declined for insufficient funds; any other succeeds.
 */
export const standInPaymentMethods = {
  succeeds: 'pm_card_visa',
  authenticates: 'pm_card_authenticationRequired',
  insufficientFunds: 'pm_card_chargeDeclinedInsufficientFunds',
} as const

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`

/** `metadata[a]=1` style keys back into a plain object of one level. */
function nested(form: Record<string, string>, prefix: string): Record<string, string> {
  const result: Record<string, string> = {}
  for (const [key, value] of Object.entries(form)) {
    const match = key.match(new RegExp(`^${prefix}\\[([^\\]]+)\\]$`))
    if (match?.[1]) result[match[1]] = value
  }
  return result
}

/** The settings an app needs to take payments through the stand-in (test keys, its URL, a 10% platform fee). */
export const stripeStandInEnv = (standInUrl: string, webhookSecret: string) => ({
  STRIPE_SECRET_KEY: 'sk_test_standin',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
  STRIPE_API_URL: standInUrl,
  STRIPE_WEBHOOK_SECRET: webhookSecret,
  PLATFORM_FEE_PERCENT: '10',
})

export async function startStripeStandIn() {
  const requests: RecordedRequest[] = []
  const accounts = new Map<string, StoredAccount>()
  const intents = new Map<string, StoredIntent>()
  const idempotent = new Map<string, { status: number; body: unknown }>()
  /** Cents refunded so far, per payment intent. */
  const refunded = new Map<string, number>()
  /** What Stripe answers a new refund: card refunds may stay `pending` for a while (`setRefundStatus`). */
  let refundStatus = 'succeeded'

  const notFound = (what: string) => ({
    status: 404,
    body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } },
  })

  /** Stripe's refund of a payment intent: only a succeeded one of this account, never more in all than it charged. */
  function refund(form: Record<string, string>, connected: string | null): { status: number; body: unknown } {
    const intent = form.payment_intent ? intents.get(form.payment_intent) : undefined
    if (!intent || intent.account !== connected) return notFound(`payment_intent: '${form.payment_intent}'`)
    const amount = form.amount ? Number(form.amount) : intent.amount - (refunded.get(intent.id) ?? 0)
    const refusal = (code: string, message: string) => ({ status: 400, body: { error: { type: 'invalid_request_error', code, message } } })
    if (intent.status !== 'succeeded') return refusal('payment_intent_unexpected_state', 'This PaymentIntent has not succeeded.')
    if (amount <= 0 || (refunded.get(intent.id) ?? 0) + amount > intent.amount) {
      return refusal('charge_already_refunded', `Refund amount ($${amount / 100}) is greater than unrefunded amount on charge.`)
    }
    refunded.set(intent.id, (refunded.get(intent.id) ?? 0) + amount)
    const body = {
      id: id('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      status: refundStatus,
      metadata: nested(form, 'metadata'),
    }
    return { status: 200, body }
  }

  /** A charge confirmed on creation, as Stripe decides it for its test payment methods. */
  function confirmNow(intent: StoredIntent): { status: number; body: unknown } {
    if (intent.payment_method === standInPaymentMethods.authenticates) {
      intent.status = 'requires_action'
      intent.next_action = { type: 'use_stripe_sdk' }
      return { status: 200, body: intent }
    }
    if (intent.payment_method === standInPaymentMethods.insufficientFunds) {
      const message = 'Your card has insufficient funds.'
      intent.status = 'requires_payment_method'
      intent.last_payment_error = { message, code: 'card_declined', decline_code: 'insufficient_funds' }
      return {
        status: 402,
        body: { error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message, payment_intent: intent } },
      }
    }
    intent.status = 'succeeded'
    return { status: 200, body: intent }
  }

  function handle(request: RecordedRequest): { status: number; body: unknown } {
    const { method, path, form, headers } = request
    const connected = typeof headers['stripe-account'] === 'string' ? headers['stripe-account'] : null

    if (method === 'POST' && path === '/v1/accounts') {
      const account: StoredAccount = {
        id: id('acct'),
        object: 'account',
        type: 'standard',
        email: form.email ?? null,
        charges_enabled: false,
        details_submitted: false,
        metadata: nested(form, 'metadata'),
      }
      accounts.set(account.id, account)
      return { status: 200, body: account }
    }
    const accountMatch = path.match(/^\/v1\/accounts\/([^/]+)$/)
    if (method === 'GET' && accountMatch?.[1]) {
      const account = accounts.get(accountMatch[1])
      return account ? { status: 200, body: account } : notFound(`account: '${accountMatch[1]}'`)
    }
    if (method === 'POST' && path === '/v1/account_links') {
      if (!form.account || !accounts.has(form.account)) return notFound(`account: '${form.account}'`)
      const created = Math.floor(Date.now() / 1000)
      return {
        status: 200,
        body: {
          object: 'account_link',
          created,
          expires_at: created + 300,
          url: `https://connect.stripe.test/setup/s/${form.account}/${id('link')}`,
        },
      }
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      if (!connected || !accounts.has(connected)) return notFound(`account: '${connected}'`)
      const intentId = id('pi')
      const intent: StoredIntent = {
        id: intentId,
        object: 'payment_intent',
        amount: Number(form.amount),
        currency: form.currency ?? 'usd',
        status: 'requires_payment_method',
        client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
        metadata: nested(form, 'metadata'),
        application_fee_amount: form.application_fee_amount ? Number(form.application_fee_amount) : null,
        account: connected,
        customer: form.customer ?? null,
        payment_method: form.payment_method ?? null,
        setup_future_usage: form.setup_future_usage ?? null,
        last_payment_error: null,
        next_action: null,
      }
      intents.set(intent.id, intent)
      if (form.confirm === 'true') return confirmNow(intent)
      return { status: 200, body: intent }
    }
    if (method === 'POST' && path === '/v1/refunds') return refund(form, connected)
    if (method === 'POST' && path === '/v1/customers') {
      if (!connected || !accounts.has(connected)) return notFound(`account: '${connected}'`)
      return { status: 200, body: { id: id('cus'), object: 'customer', email: form.email ?? null, name: form.name ?? null } }
    }
    const intentMatch = path.match(/^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/)
    if (intentMatch?.[1]) {
      const intent = intents.get(intentMatch[1])
      // Direct charges: an intent exists only for the account it was created on.
      if (!intent || intent.account !== connected) return notFound(`payment_intent: '${intentMatch[1]}'`)
      if (method === 'GET' && !intentMatch[2]) return { status: 200, body: intent }
      // Like Stripe: only an intent still waiting for the buyer can change or be canceled.
      const changeable = ['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status)
      const unexpectedState = (action: string) => ({
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `This PaymentIntent could not be ${action} because it has a status of ${intent.status}.`,
          },
        },
      })
      if (method === 'POST' && intentMatch[2]) {
        if (!changeable) return unexpectedState('canceled')
        intent.status = 'canceled'
        return { status: 200, body: intent }
      }
      if (method === 'POST') {
        if (!changeable) return unexpectedState('updated')
        if (form.amount) intent.amount = Number(form.amount)
        if (form.application_fee_amount) intent.application_fee_amount = Number(form.application_fee_amount)
        Object.assign(intent.metadata, nested(form, 'metadata'))
        return { status: 200, body: intent }
      }
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } } }
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in')
      const raw = Buffer.concat(chunks).toString('utf8')
      const form = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : raw))
      const recorded: RecordedRequest = { method: req.method ?? 'GET', path: url.pathname, headers: req.headers, form }
      requests.push(recorded)
      // Like Stripe, a repeated idempotency key answers with the first response (a card error too).
      const key = typeof req.headers['idempotency-key'] === 'string' ? `${recorded.path}|${req.headers['idempotency-key']}` : null
      const cached = key ? idempotent.get(key) : undefined
      const answer = cached ?? handle(recorded)
      if (key && (answer.status === 200 || answer.status === 402)) idempotent.set(key, answer)
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': id('req') })
      res.end(JSON.stringify(answer.body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('the Stripe stand-in did not get a TCP port')
  const { port } = address

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    accounts,
    intents,
    /** The status Stripe gives the refunds created from now on (`pending`: settled later by a refund.updated event). */
    setRefundStatus(status: 'succeeded' | 'pending') {
      refundStatus = status
    },
    /** What Stripe does when the seller finishes (or not) the hosted onboarding. */
    setChargesEnabled(accountId: string, enabled: boolean) {
      const account = accounts.get(accountId)
      if (!account) throw new Error(`the stand-in has no account ${accountId}`)
      account.charges_enabled = enabled
      account.details_submitted = enabled
    },
    /** What Stripe.js confirming the first payment leaves: paid with this payment method (saved when asked). */
    payWith(intentId: string, paymentMethod: string) {
      const intent = intents.get(intentId)
      if (!intent) throw new Error(`the stand-in has no payment intent ${intentId}`)
      intent.status = 'succeeded'
      intent.payment_method = paymentMethod
    },
    /** What Stripe.js's handleNextAction leaves when the buyer's bank says yes (or no). */
    authenticate(intentId: string, approved: boolean) {
      const intent = intents.get(intentId)
      if (!intent) throw new Error(`the stand-in has no payment intent ${intentId}`)
      intent.next_action = null
      intent.status = approved ? 'succeeded' : 'requires_payment_method'
      intent.last_payment_error = approved ? null : { message: 'The authentication of this payment failed.' }
    },
    setIntentStatus(intentId: string, status: string) {
      const intent = intents.get(intentId)
      if (!intent) throw new Error(`the stand-in has no payment intent ${intentId}`)
      intent.status = status
    },
    find: (method: string, path: string | RegExp) =>
      requests.filter(
        (request) => request.method === method && (typeof path === 'string' ? request.path === path : path.test(request.path)),
      ),
    close: () =>
      new Promise<void>((resolve, reject) => {
        // The SDK keeps connections alive; without this, close() would wait for them to time out.
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>
