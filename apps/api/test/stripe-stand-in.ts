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
}

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

export async function startStripeStandIn() {
  const requests: RecordedRequest[] = []
  const accounts = new Map<string, StoredAccount>()
  const intents = new Map<string, StoredIntent>()
  const idempotent = new Map<string, unknown>()

  const notFound = (what: string) => ({
    status: 404,
    body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } },
  })

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
      }
      intents.set(intent.id, intent)
      return { status: 200, body: intent }
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
      // Like Stripe, a repeated idempotency key answers with the first response.
      const key = typeof req.headers['idempotency-key'] === 'string' ? `${recorded.path}|${req.headers['idempotency-key']}` : null
      const cached = key ? idempotent.get(key) : undefined
      const answer = cached ? { status: 200, body: cached } : handle(recorded)
      if (key && answer.status === 200) idempotent.set(key, answer.body)
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
    /** What Stripe does when the seller finishes (or not) the hosted onboarding. */
    setChargesEnabled(accountId: string, enabled: boolean) {
      const account = accounts.get(accountId)
      if (!account) throw new Error(`the stand-in has no account ${accountId}`)
      account.charges_enabled = enabled
      account.details_submitted = enabled
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
