import { randomUUID } from 'node:crypto'
import {
  type CreatePaymentIntent,
  centsToAmount,
  currencyById,
  hasVisitorDetails,
  isUuid,
  messages,
  type PaymentIntentResponse,
  paymentMessages,
  type UpdatePaymentIntent,
  type Utm,
  type VisitorDetails,
} from '@funnelry/shared'
import type { Database, Executor } from '../../db/client.js'
import { utmOfRow, utmRowOf } from '../../lib/arrival.js'
import { NotFoundError, PaymentError, TooManyRequestsError } from '../../lib/errors.js'
import type { LeadRecording } from '../leads/leads-module.js'
import type { OfferServices } from '../offers/offers-module.js'
import { cardTestingMessages, type PaymentIntent } from '../payments/payments-module.js'
import { createCheckoutOrderWriter } from './checkout-order-writer.js'
import { type CheckoutPayments, checkoutProvider } from './checkout-provider.js'
import type { OrderFulfilment } from './order-fulfilment.js'
import { type PricedOrder, priceOrder } from './order-pricing.js'
import { newReceipt, receiptExpiry } from './order-receipt-token.js'
import { type OrderRow, orderRepository, paidStatuses } from './order-repository.js'

type Deps = {
  db: Database
  payments: CheckoutPayments
  /** The offer with its bump and upsell; a split-test variant's own when `variantId` names one (issue 27). */
  offers: { forCheckout: (id: string, variantId: string | null) => ReturnType<OfferServices['forCheckout']> }
  leads: LeadRecording
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

/** The choices and prices an order keeps from its pricing. */
const pricedColumns = (priced: PricedOrder) => ({
  bumpOfferId: priced.bumpOfferId,
  upsellOfferId: priced.upsellOfferId,
  bumpPriceCents: priced.bumpPriceCents,
  upsellPriceCents: priced.upsellPriceCents,
  amountCents: priced.amountCents,
  currency: priced.currency,
})

/** The route's answer, and whose checkout it is (for the conversions module). */
export type CheckoutAnswer = { response: PaymentIntentResponse; sellerId: string }

const visitorOf = (input: VisitorDetails): VisitorDetails => ({ full_name: input.full_name, email: input.email.toLowerCase() })

/**
 * The public checkout calls (spec section 7): an order per intent, priced by the server. The
 * `intent_id` the browser holds is the order's id, so it stays the same while the provider's intent
 * behind it is created, replaced or dropped as the total moves between 0 and a price.
 *
 * Decision D20: a call without the visitor's details makes or keeps a draft, which holds no provider
 * intent (so it cannot be paid) and is never listed, counted or emailed. The first call with the
 * details records the lead (D16: with its download email, even if the page's lead capture was lost).
 */
export function createCheckoutService({ db, payments: checkoutPayments, offers, leads, fulfilment, now, publishableKey }: Deps) {
  const { provider } = checkoutPayments
  const payments = checkoutProvider(checkoutPayments)
  const storeOrder = createCheckoutOrderWriter({ db, leads })

  const loadCheckout = async (freeOfferId: string, variantId: string | null) => {
    const checkout = await offers.forCheckout(freeOfferId, variantId)
    // An archived offer is never served (docs/decisions/0021).
    if (!checkout || checkout.offer.archivedAt) throw new NotFoundError(paymentMessages.offerNotFound)
    // Decisions, "Inactive offers": the page still renders, payment calls are refused.
    if (!checkout.offer.isActive) throw new PaymentError(messages.offerNotAvailable)
    return checkout
  }

  const answer = (order: Pick<OrderRow, 'id' | 'amountCents' | 'currency' | 'receiptToken'>, intent: PaymentIntent | null) => {
    const response: PaymentIntentResponse = {
      intent_id: order.id,
      client_secret: intent?.clientSecret ?? null,
      amount: centsToAmount(order.amountCents),
      currency: currencyById(order.currency).value,
      provider: intent ? provider.name : 'none',
      // Stripe.js mounts the Payment Element on the seller's account (direct charges).
      ...(intent && provider.name === 'stripe'
        ? { account_id: intent.accountId, ...(publishableKey ? { publishable_key: publishableKey } : {}) }
        : {}),
      order_reference: order.receiptToken,
    }
    return response
  }

  /**
   * Decision D34: an offer with after-purchase steps shows the consent line under Pay, and its
   * payment saves the card (with a customer on the seller's account) for the one-click charges.
   */
  const newIntent = (
    accountId: string,
    orderId: string,
    checkout: { offer: { id: string; afterPurchase: unknown[] } },
    priced: PricedOrder,
    idempotencyKey: string,
    visitor: VisitorDetails,
  ) =>
    payments.create({
      accountId,
      amountCents: priced.amountCents,
      currency: currencyById(priced.currency).code,
      metadata: { order_id: orderId, free_offer_id: checkout.offer.id },
      idempotencyKey,
      ...(checkout.offer.afterPurchase.length > 0 ? { saveCardFor: { email: visitor.email, name: visitor.full_name } } : {}),
    })

  /** Records the lead of an order whose visitor's details just arrived, and links it, in the order's transaction. */
  const recordOrderLead = async (tx: Executor, order: OrderRow, visitor: VisitorDetails, at: Date) => {
    const offer = (await leads.findOffers(tx, [order.freeOfferId])).get(order.freeOfferId)
    if (!offer) return
    const { leadId } = await leads.record(tx, { offer, visitor, at, utm: utmOfRow(order), variantId: order.variantId })
    await orderRepository.setLead(tx, order.id, leadId)
  }

  /** One try of an update of a draft that stays one: only the choices change; nothing can be paid yet. */
  async function updateDraft(order: OrderRow, version: string, priced: PricedOrder, upsellShown: boolean) {
    // Early feedback: a seller who cannot be paid is said so when the bump is ticked, as before.
    if (priced.amountCents > 0) await payments.chargeableAccount(order.sellerId)
    const updated = await orderRepository.updateIfUnchanged(db, order.id, version, { ...pricedColumns(priced), upsellShown }, now())
    if (!updated) throw new ConcurrentChange()
    return answer(updated, null)
  }

  /** One try of an update: the answer, or ConcurrentChange when another update got there first. */
  async function applyUpdate(input: UpdatePaymentIntent): Promise<CheckoutAnswer> {
    const read = await orderRepository.findVersioned(db, input.intent_id)
    if (!read) throw new NotFoundError(paymentMessages.intentNotFound)
    return { sellerId: read.order.sellerId, response: await applyUpdateTo(read, input) }
  }

  async function applyUpdateTo({ order, version }: { order: OrderRow; version: string }, input: UpdatePaymentIntent) {
    // Paid, whatever was refunded of it since (D35).
    if (paidStatuses.some((status) => status === order.status)) throw new PaymentError(paymentMessages.alreadyComplete)
    if (order.status === 'abandoned') throw new PaymentError(paymentMessages.orderExpired)
    // Priced again with the bump and upsell of the variant the order was made on.
    const checkout = await loadCheckout(order.freeOfferId, order.variantId)
    // A field left out keeps the earlier choice; null removes it.
    const priced = priceOrder(checkout, {
      bumpOfferId: input.bump_offer_id === undefined ? order.bumpOfferId : input.bump_offer_id,
      upsellOfferId: input.upsell_offer_id === undefined ? order.upsellOfferId : input.upsell_offer_id,
    })
    // Once shown, always shown: a later call cannot undo what the visitor saw.
    const upsellShown = order.upsellShown || input.upsell_shown === true
    const known = order.fullName !== null && order.email !== null ? { full_name: order.fullName, email: order.email } : null
    const visitor = hasVisitorDetails(input) ? visitorOf(input) : known
    if (!visitor) return updateDraft(order, version, priced, upsellShown)
    await checkoutPayments.cardTesting.checkEmail(visitor.email)
    // Decision D24: an intent its declines ended is not replaced by a fresh one; the visitor starts again.
    if (order.provider !== 'none' && (await checkoutPayments.cardTesting.isEnded(order.intentId))) {
      throw new TooManyRequestsError(cardTestingMessages.intentEnded, 3600)
    }

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
      const accountId = await payments.chargeableAccount(order.sellerId)
      // null: a concurrent update canceled it (and may not have stored that yet); a new one follows.
      intent = live ? await payments.update(accountId, intentId, priced.amountCents) : null
      // Created lazily once there is something to charge. The key names the intent it replaces and
      // the amount (Stripe refuses a key reused with other parameters): a retry gets the same intent,
      // a later cycle a new one. Of two racing updates only the stored one's intent is ever shown.
      const key = `order-${order.id}-after-${baseIntentId(order.intentId)}-${priced.amountCents}-${priced.currency}`
      intent ??= await newIntent(accountId, order.id, checkout, priced, key, visitor)
      intentId = intent.id
    } else if (order.provider !== 'none') {
      intentId = `${droppedPrefix}${order.intentId}`
    }

    const at = now()
    const detailsArrived = known?.email !== visitor.email || known?.full_name !== visitor.full_name
    return db.transaction(async (tx) => {
      const updated = await orderRepository.updateIfUnchanged(
        tx,
        order.id,
        version,
        {
          fullName: visitor.full_name,
          email: visitor.email,
          // A draft becomes an order the seller sees once the visitor's details arrive.
          ...(order.status === 'draft' ? { status: 'pending' as const } : {}),
          ...pricedColumns(priced),
          upsellShown,
          provider: intent ? provider.name : 'none',
          intentId,
          ...(order.receiptToken ? { receiptExpiresAt: receiptExpiry(at) } : newReceipt(at)),
        },
        at,
      )
      if (!updated) throw new ConcurrentChange()
      if (detailsArrived) await recordOrderLead(tx, updated, visitor, at)
      return answer(updated, intent)
    })
  }

  /** Decision D20: the bump ticked before the visitor's details: an order nobody sees, with no intent. */
  async function startDraft(
    sellerId: string,
    freeOfferId: string,
    priced: PricedOrder,
    upsellShown: boolean,
    utm: Utm | null,
    variantId: string | null,
  ) {
    if (priced.amountCents > 0) await payments.chargeableAccount(sellerId)
    const id = randomUUID()
    const draft = await orderRepository.insert(db, {
      id,
      sellerId,
      freeOfferId,
      fullName: null,
      email: null,
      ...pricedColumns(priced),
      upsellShown,
      ...utmRowOf(utm),
      variantId,
      status: 'draft',
      provider: 'none',
      // The column is unique and required; no provider event can ever name this value.
      intentId: `draft_${id}`,
    })
    return answer(draft, null)
  }

  /** A new order (or draft, or free order) on the checkout's offer. */
  async function startCheckout(
    checkout: Awaited<ReturnType<typeof loadCheckout>>,
    input: CreatePaymentIntent,
    utm: Utm | null,
    variantId: string | null,
  ): Promise<PaymentIntentResponse> {
    const priced = priceOrder(checkout, { bumpOfferId: input.bump_offer_id ?? null, upsellOfferId: input.upsell_offer_id ?? null })
    const { sellerId, id: freeOfferId } = checkout.offer
    const upsellShown = input.upsell_shown ?? false
    if (!hasVisitorDetails(input)) return startDraft(sellerId, freeOfferId, priced, upsellShown, utm, variantId)

    const visitor = visitorOf(input)
    await checkoutPayments.cardTesting.checkEmail(visitor.email)
    const values = {
      sellerId,
      freeOfferId,
      fullName: visitor.full_name,
      email: visitor.email,
      ...pricedColumns(priced),
      upsellShown,
      ...utmRowOf(utm),
      variantId,
    }
    if (priced.amountCents === 0) return answer(await fulfilment.completeFreeOrder(values), null)

    const accountId = await payments.chargeableAccount(sellerId)
    // The order's id is chosen first so the provider's idempotency key can name it: the SDK's own
    // retries of this call (a timeout, a dropped connection) return the intent already made.
    const id = randomUUID()
    const intent = await newIntent(accountId, id, checkout, priced, `order-${id}-create`, visitor)
    const at = now()
    // With its lead, in a transaction shared with the orders of other buyers checking out at once.
    const order = await storeOrder({
      values: { ...values, id, status: 'pending', provider: provider.name, intentId: intent.id, ...newReceipt(at) },
      visitor,
      at,
      utm,
    })
    return answer(order, intent)
  }

  return {
    /**
     * `utm`: the visitor's campaign (decision D37), which the order keeps from its first call;
     * `variantId`: the split-test variant the visitor saw, whose bump and upsell are priced (issue 27).
     */
    async createIntent(input: CreatePaymentIntent, utm: Utm | null = null, variantId: string | null = null): Promise<CheckoutAnswer> {
      const checkout = await loadCheckout(input.product_id, variantId)
      return { sellerId: checkout.offer.sellerId, response: await startCheckout(checkout, input, utm, variantId) }
    },

    /**
     * The page sends updates one after another, but two tabs (or a retry) can overlap: an update
     * that lost the race reads the order again and redoes its change from there.
     */
    async updateIntent(input: UpdatePaymentIntent): Promise<CheckoutAnswer> {
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
