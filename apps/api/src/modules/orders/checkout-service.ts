import { randomUUID } from 'node:crypto'
import {
  type CreatePaymentIntent,
  centsToAmount,
  currencyById,
  isUuid,
  messages,
  type PaymentIntentResponse,
  paymentMessages,
  type UpdatePaymentIntent,
} from '@funnelry/shared'
import type { Database, Executor } from '../../db/client.js'
import { NotFoundError, PaymentError } from '../../lib/errors.js'
import type { PaymentIntent, PaymentProvider } from '../../payments/provider.js'
import { freeOfferRepository } from '../offers/free-offer-repository.js'
import { checkoutProvider } from './checkout-provider.js'
import type { OrderFulfilment } from './order-fulfilment.js'
import { type PricedOrder, priceOrder } from './order-pricing.js'
import { type OrderRow, orderRepository } from './order-repository.js'

type Deps = {
  db: Database
  provider: PaymentProvider
  fulfilment: OrderFulfilment
  now: () => Date
  /** Stripe's publishable key, handed to the browser with Stripe intents. */
  publishableKey?: string
}

/** How often an update is redone after losing a race with another update of the same order. */
const maxAttempts = 8

/** Another update of the same order was stored after this one read it: read the order again and redo. */
class ConcurrentChange extends Error {}

/** The provider intent an order's intent column stands for (`none_after_<id>` once it was dropped). */
const droppedPrefix = 'none_after_'
const baseIntentId = (intentId: string) => (intentId.startsWith(droppedPrefix) ? intentId.slice(droppedPrefix.length) : intentId)

/**
 * The public checkout calls (spec section 7): an order per intent, priced by the server. The
 * `intent_id` the browser holds is the order's id, so it stays the same while the provider's intent
 * behind it is created, replaced or dropped as the total moves between 0 and a price.
 */
export function createCheckoutService({ db, provider, fulfilment, now, publishableKey }: Deps) {
  const payments = checkoutProvider(provider)

  const loadCheckout = async (db: Executor, freeOfferId: string) => {
    const checkout = await freeOfferRepository.findById(db, freeOfferId)
    if (!checkout) throw new NotFoundError(paymentMessages.offerNotFound)
    // Decisions, "Inactive offers": the page still renders, payment calls are refused.
    if (!checkout.offer.isActive) throw new PaymentError(messages.offerNotAvailable)
    return checkout
  }

  const answer = (order: Pick<OrderRow, 'id' | 'amountCents' | 'currency'>, intent: PaymentIntent | null): PaymentIntentResponse => ({
    intent_id: order.id,
    client_secret: intent?.clientSecret ?? null,
    amount: centsToAmount(order.amountCents),
    currency: currencyById(order.currency).value,
    provider: intent ? provider.name : 'none',
    // Stripe.js mounts the Payment Element on the seller's account (direct charges).
    ...(intent && provider.name === 'stripe'
      ? { account_id: intent.accountId, ...(publishableKey ? { publishable_key: publishableKey } : {}) }
      : {}),
  })

  const newIntent = (accountId: string, orderId: string, freeOfferId: string, priced: PricedOrder, idempotencyKey: string) =>
    payments.create({
      accountId,
      amountCents: priced.amountCents,
      currency: currencyById(priced.currency).code,
      metadata: { order_id: orderId, free_offer_id: freeOfferId },
      idempotencyKey,
    })

  /** One try of an update: the answer, or ConcurrentChange when another update got there first. */
  async function applyUpdate(input: UpdatePaymentIntent): Promise<PaymentIntentResponse> {
    const read = await orderRepository.findVersioned(db, input.intent_id)
    if (!read) throw new NotFoundError(paymentMessages.intentNotFound)
    const { order, version } = read
    if (order.status === 'paid') throw new PaymentError(paymentMessages.alreadyComplete)
    const checkout = await loadCheckout(db, order.freeOfferId)
    // A field left out keeps the earlier choice; null removes it.
    const priced = priceOrder(checkout, {
      bumpOfferId: input.bump_offer_id === undefined ? order.bumpOfferId : input.bump_offer_id,
      upsellOfferId: input.upsell_offer_id === undefined ? order.upsellOfferId : input.upsell_offer_id,
    })

    let live = order.provider !== 'none'
    let intentId = order.intentId
    let intent: PaymentIntent | null = null
    if (live) {
      // The intent was made on the seller's account with this provider; if either changed since, it cannot be reached.
      const account = order.provider === provider.name ? await payments.accountOf(db, order.sellerId) : undefined
      if (!account) throw new PaymentError('This payment can no longer be changed. Please reload the page.')
      // Nothing to charge (a provider cannot hold 0), or another currency: the old intent is
      // canceled so that it can never be paid for what the visitor no longer chose.
      if (priced.amountCents === 0 || priced.currency !== order.currency) {
        await payments.cancel(account.accountId, intentId)
        live = false
      }
    }
    if (priced.amountCents > 0) {
      const accountId = await payments.chargeableAccount(db, order.sellerId)
      // null: a concurrent update canceled it (and may not have stored that yet); a new one follows.
      intent = live ? await payments.update(accountId, intentId, priced.amountCents) : null
      // Created lazily once there is something to charge. The key names the intent it replaces and
      // the amount (Stripe refuses a key reused with other parameters): a retry gets the same intent,
      // a later cycle a new one. Of two racing updates only the stored one's intent is ever shown.
      const key = `order-${order.id}-after-${baseIntentId(order.intentId)}-${priced.amountCents}-${priced.currency}`
      intent ??= await newIntent(accountId, order.id, order.freeOfferId, priced, key)
      intentId = intent.id
    } else if (order.provider !== 'none') {
      intentId = `${droppedPrefix}${order.intentId}`
    }

    const updated = await orderRepository.updateIfUnchanged(
      db,
      order.id,
      version,
      {
        fullName: input.full_name,
        email: input.email.toLowerCase(),
        bumpOfferId: priced.bumpOfferId,
        upsellOfferId: priced.upsellOfferId,
        // Once shown, always shown: a later call cannot undo what the visitor saw.
        upsellShown: order.upsellShown || input.upsell_shown === true,
        amountCents: priced.amountCents,
        currency: priced.currency,
        provider: intent ? provider.name : 'none',
        intentId,
      },
      now(),
    )
    if (!updated) throw new ConcurrentChange()
    return answer(updated, intent)
  }

  return {
    async createIntent(input: CreatePaymentIntent): Promise<PaymentIntentResponse> {
      const checkout = await loadCheckout(db, input.product_id)
      const priced = priceOrder(checkout, { bumpOfferId: input.bump_offer_id ?? null, upsellOfferId: input.upsell_offer_id ?? null })
      const values = {
        sellerId: checkout.offer.sellerId,
        freeOfferId: checkout.offer.id,
        fullName: input.full_name,
        email: input.email.toLowerCase(),
        bumpOfferId: priced.bumpOfferId,
        upsellOfferId: priced.upsellOfferId,
        upsellShown: input.upsell_shown ?? false,
        currency: priced.currency,
      }
      if (priced.amountCents === 0) return answer(await fulfilment.completeFreeOrder(values), null)

      const accountId = await payments.chargeableAccount(db, checkout.offer.sellerId)
      // The order's id is chosen first so the provider's idempotency key can name it: the SDK's own
      // retries of this call (a timeout, a dropped connection) return the intent already made.
      const id = randomUUID()
      const intent = await newIntent(accountId, id, checkout.offer.id, priced, `order-${id}-create`)
      const order = await orderRepository.insert(db, {
        ...values,
        id,
        amountCents: priced.amountCents,
        status: 'pending',
        provider: provider.name,
        intentId: intent.id,
      })
      return answer(order, intent)
    },

    /**
     * The page sends updates one after another, but two tabs (or a retry) can overlap: an update
     * that lost the race reads the order again and redoes its change from there.
     */
    async updateIntent(input: UpdatePaymentIntent): Promise<PaymentIntentResponse> {
      if (!isUuid(input.intent_id)) throw new NotFoundError(paymentMessages.intentNotFound)
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await applyUpdate(input)
        } catch (error) {
          if (!(error instanceof ConcurrentChange)) throw error
          if (attempt >= maxAttempts) throw new PaymentError('This payment is being changed elsewhere. Please try again.', 409)
          await new Promise((resolve) => setTimeout(resolve, 10 * attempt + Math.random() * 20))
        }
      }
    },
  }
}
export type CheckoutService = ReturnType<typeof createCheckoutService>
