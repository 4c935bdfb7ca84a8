import {
  centsToAmount,
  type OrderReceiptItem,
  type PostPurchaseAcceptResult,
  type PostPurchaseChoice,
  type PostPurchaseState,
  postPurchaseMessages,
} from '@funnelry/shared'
import type { Database } from '../../db/client.js'
import { batchedLookups } from '../../lib/batched-calls.js'
import { ConflictError, NotFoundError, PaymentError } from '../../lib/errors.js'
import type { OfferServices } from '../offers/offers-module.js'
import type { OrderReceipts, OrderRow } from '../orders/orders-module.js'
import type { PostPurchaseCharging } from './post-purchase-charging.js'
import { onScreen, windowMs } from './post-purchase-flow.js'
import { postPurchaseRepository as repo } from './post-purchase-repository.js'

type Deps = {
  db: Database
  now: () => Date
  receipts: Pick<OrderReceipts, 'paidOrder' | 'exists'>
  offers: Pick<OfferServices, 'postPurchaseSteps' | 'cachedPostPurchaseSteps'>
  charging: PostPurchaseCharging
  /** The seller's business name: the text of the logo on the step's page. */
  businessName: (sellerId: string) => Promise<string>
}

const expiresAt = (order: OrderRow) => new Date((order.paidAt ?? order.updatedAt).getTime() + windowMs)

/**
 * Decision D34: the page after a paid checkout with after-purchase steps. The order is named by the
 * thank-you page's random reference (the capability, as for the receipt); the step, its offer and
 * its price are always the server's: the body only says which offer on screen was answered.
 */
export function createPostPurchaseService({ db, now, receipts, offers, charging, businessName }: Deps) {
  // Buyers pressing together (issue 26) read their orders' steps in one query.
  const rowsOf = batchedLookups(
    (orderIds) => repo.forOrders(db, orderIds),
    (row) => row.orderId,
  )

  /** The paid order, its steps and what is on screen now; a reference without one is a 404. */
  async function load(reference: string) {
    const order = await receipts.paidOrder(reference)
    if (!order) throw new NotFoundError(postPurchaseMessages.notFound)
    const steps = await offers.cachedPostPurchaseSteps(order.freeOfferId)
    if (!steps) throw new NotFoundError(postPurchaseMessages.notFound)
    const rows = await rowsOf(order.id)
    return { order, steps, rows, screen: onScreen(steps.steps, rows) }
  }

  const expired = (order: OrderRow) => now().getTime() >= expiresAt(order).getTime()

  /** A press on what is no longer on screen: the stored answer of that offer if it had one, else a 409. */
  function alreadyAnswered(loaded: Awaited<ReturnType<typeof load>>, choice: PostPurchaseChoice) {
    const row = loaded.rows.find((candidate) => candidate.step === choice.step && candidate.kind === choice.kind)
    if (!row) throw new ConflictError(postPurchaseMessages.notThisStep)
    return row
  }

  return {
    async state(reference: string): Promise<PostPurchaseState> {
      const loaded = await load(reference).catch(async (error: unknown) => {
        // An order refunded since (in whole or in part) has no offer after it: the thank-you page,
        // which lists the refund. Only a reference of no order at all is a 404.
        if (error instanceof NotFoundError && (await receipts.exists(reference))) return null
        throw error
      })
      if (!loaded) return { done: true }
      const { order, steps, screen, rows } = loaded
      if (!screen) return { done: true }
      // Past the window the visitor gets the thank-you page (a step waiting for the bank still shows).
      const waiting = rows.some((row) => row.step === screen.step && (row.state === 'requires_action' || row.state === 'charging'))
      if (expired(order) && !waiting) return { done: true }
      const [, business] = await Promise.all([
        repo.markShown(db, {
          orderId: order.id,
          freeOfferId: order.freeOfferId,
          step: screen.step,
          kind: screen.kind,
          offerId: screen.offer.view.id,
          shownAt: now(),
        }),
        businessName(order.sellerId),
      ])
      return {
        done: false,
        step: screen.step,
        kind: screen.kind,
        offer: screen.offer.view,
        expires_at: expiresAt(order).toISOString(),
        step_count: steps.steps.length,
        logo: steps.freeOffer.logo,
        business_name: business,
      }
    },

    async accept(reference: string, choice: PostPurchaseChoice): Promise<PostPurchaseAcceptResult> {
      const loaded = await load(reference)
      const { order, steps, screen, rows } = loaded
      const existing = screen ? rows.find((row) => row.step === screen.step) : undefined
      if (!screen || screen.step !== choice.step || screen.kind !== choice.kind) {
        const row = alreadyAnswered(loaded, choice)
        if (row.state === 'succeeded') return { status: 'succeeded' }
        if (row.state === 'failed' || row.state === 'upsell_failed')
          return { status: 'failed', message: row.failureMessage ?? postPurchaseMessages.notCharged }
        throw new ConflictError(postPurchaseMessages.notThisStep)
      }
      // A charge waiting for the bank is re-checked even late: the buyer may have authenticated in time.
      if (expired(order) && existing?.state !== 'requires_action' && existing?.state !== 'charging') {
        throw new PaymentError(postPurchaseMessages.expired, 410)
      }
      return charging.accept(order, screen, steps, existing)
    },

    async decline(reference: string, choice: PostPurchaseChoice): Promise<{ ok: true }> {
      const loaded = await load(reference)
      const { order, steps, screen, rows } = loaded
      if (!screen || screen.step !== choice.step || screen.kind !== choice.kind) {
        alreadyAnswered(loaded, choice)
        return { ok: true }
      }
      const hasDownsell = steps.steps[screen.step - 1]?.downsell !== null
      const values = {
        orderId: order.id,
        sellerId: order.sellerId,
        step: screen.step,
        kind: screen.kind,
        offerId: screen.offer.view.id,
        amountCents: null,
        currency: null,
        provider: null,
      }
      if (screen.kind === 'upsell') {
        await repo.insertFirst(db, { ...values, state: hasDownsell ? 'upsell_declined' : 'declined' })
      } else {
        // The downsell waits on a declined upsell, or on one whose charge was refused.
        const from = rows.find((row) => row.step === screen.step)?.state === 'upsell_failed' ? 'upsell_failed' : 'upsell_declined'
        await repo.move(db, order.id, screen.step, from, { ...values, state: 'declined' })
      }
      return { ok: true }
    },

    /** The receipt's lines of the order's paid one-click charges, and what they add to its total. */
    async receiptItems(orderId: string, freeOfferId: string): Promise<{ items: OrderReceiptItem[]; totalCents: number }> {
      const rows = (await repo.forOrder(db, orderId)).filter((row) => row.state === 'succeeded')
      if (rows.length === 0) return { items: [], totalCents: 0 }
      const steps = await offers.postPurchaseSteps(db, freeOfferId)
      const offersById = new Map(
        steps?.steps.flatMap((step) => [step.upsell, ...(step.downsell ? [step.downsell] : [])]).map((o) => [o.view.id, o]),
      )
      const items = rows.map((row): OrderReceiptItem => {
        const offer = row.offerId ? offersById.get(row.offerId) : undefined
        return {
          id: row.offerId ?? row.id,
          kind: 'post_purchase',
          name: offer?.headline ?? 'OTO offer',
          price: centsToAmount(row.amountCents ?? 0),
          url: offer?.url ?? null,
          step: row.step,
        }
      })
      return { items, totalCents: rows.reduce((sum, row) => sum + (row.amountCents ?? 0), 0) }
    },
  }
}
export type PostPurchaseService = ReturnType<typeof createPostPurchaseService>
