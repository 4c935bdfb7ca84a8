import {
  amountToCents,
  centsToAmount,
  type FreeOffer,
  freeOfferSchema,
  type LocalConfirmResponse,
  leadCaptureResponseSchema,
  localConfirmResponseSchema,
  type PaymentIntentResponse,
  paymentIntentResponseSchema,
} from '@funnelry/shared'
import { HttpResponse } from 'msw'
import { makeOffer } from '../../../testing/factories/funnel'
import { type ApiErrorBody, apiHandler, noContent, server } from '../../../testing/msw'

export type JsonBody = Record<string, unknown>

type MockOptions = {
  offer?: FreeOffer
  provider?: 'local' | 'stripe'
  /** The seller's Stripe account in the intent answers (Stripe.js is loaded once per key and account). */
  stripeAccount?: string
  /** Overrides an answer: return a Response to send it instead of the default. */
  lead?: () => Response
  create?: (body: JsonBody) => Response | undefined
  update?: (body: JsonBody) => Response | undefined
  confirm?: (body: JsonBody) => Response | undefined
}

/** Prices the chosen bump and upsell the way the server does (by id, from the offer). */
function intentFor(
  offer: FreeOffer,
  body: JsonBody,
  intentId: string,
  provider: 'local' | 'stripe',
  stripeAccount: string,
): PaymentIntentResponse {
  const cents =
    (body.bump_offer_id && offer.bump_offer ? amountToCents(offer.bump_offer.new_price ?? '0') : 0) +
    (body.upsell_offer_id && offer.upsell_offer ? amountToCents(offer.upsell_offer.product_price) : 0)
  // Decision D20: a call without the visitor's details is about a draft, which has no reference.
  const order_reference = body.email ? `ref_${intentId}` : null
  if (cents === 0) return { intent_id: intentId, client_secret: null, amount: '0.00', currency: 1, provider: 'none', order_reference }
  if (!body.email)
    return { intent_id: intentId, client_secret: null, amount: centsToAmount(cents), currency: 1, provider: 'none', order_reference }
  return {
    order_reference,
    intent_id: intentId,
    client_secret: `${intentId}_secret_1`,
    amount: centsToAmount(cents),
    currency: 1,
    provider,
    ...(provider === 'stripe' ? { publishable_key: 'pk_test_123', account_id: stripeAccount } : {}),
  }
}

/**
 * The public offer read, lead capture, both intent calls and the local confirmation, recording
 * every request body in order so tests can assert what the page sent.
 */
export function mockFunnelApi(options: MockOptions = {}) {
  const offer = options.offer ?? makeOffer()
  const provider = options.provider ?? 'local'
  const stripeAccount = options.stripeAccount ?? 'acct_seller_1'
  const calls = {
    offerReads: 0,
    views: [] as string[],
    leads: [] as JsonBody[],
    creates: [] as JsonBody[],
    updates: [] as JsonBody[],
    confirms: [] as JsonBody[],
  }
  const order: string[] = []
  let intents = 0
  server.use(
    apiHandler('get', '/free-product/:id/', freeOfferSchema, ({ params }) => {
      calls.offerReads += 1
      return params.id === offer.id ? HttpResponse.json(offer) : HttpResponse.json<ApiErrorBody>({ detail: 'Not found.' }, { status: 404 })
    }),
    apiHandler('post', '/free-product/:id/view/', noContent, async ({ params, request }) => {
      calls.views.push(`${String(params.id)} ${request.headers.get('content-type') ?? 'no body'} ${await request.text()}`)
      return new HttpResponse(null, { status: 204 })
    }),
    apiHandler('post', '/seller/webhook/notify/', leadCaptureResponseSchema, async ({ request }) => {
      calls.leads.push((await request.json()) as JsonBody)
      order.push('lead')
      return options.lead?.() ?? HttpResponse.json({ status: 'subscribed', id: `lead-${calls.leads.length}` }, { status: 201 })
    }),
    apiHandler('post', '/stripe/payment-intent/', paymentIntentResponseSchema, async ({ request }) => {
      const body = (await request.json()) as JsonBody
      calls.creates.push(body)
      order.push('create')
      intents += 1
      return options.create?.(body) ?? HttpResponse.json(intentFor(offer, body, `pi_test_${intents}`, provider, stripeAccount))
    }),
    apiHandler('post', '/stripe/update-payment-intent/', paymentIntentResponseSchema, async ({ request }) => {
      const body = (await request.json()) as JsonBody
      calls.updates.push(body)
      order.push('update')
      return options.update?.(body) ?? HttpResponse.json(intentFor(offer, body, String(body.intent_id), provider, stripeAccount))
    }),
    apiHandler('post', '/payments/local/confirm/', localConfirmResponseSchema, async ({ request }) => {
      const body = (await request.json()) as JsonBody
      calls.confirms.push(body)
      order.push('confirm')
      const answer = options.confirm?.(body)
      if (answer) return answer
      if (body.card_number === '4242424242424242') return HttpResponse.json({ status: 'succeeded' })
      const declined = 'Your card was declined.'
      return HttpResponse.json<LocalConfirmResponse>({ status: 'failed', error: declined, detail: declined }, { status: 400 })
    }),
  )
  return { calls, order, offer }
}
