import { currencyById, type PostPurchaseAcceptResult, postPurchaseMessages } from '@funnelry/shared'
import type { Database, Executor } from '../../db/client.js'
import type { JobQueue } from '../../jobs/queue.js'
import { batchedWrites } from '../../lib/batched-calls.js'
import { PaymentError } from '../../lib/errors.js'
import { createSellerCache } from '../../lib/seller-cache.js'
import type { SellerChanges } from '../../lib/seller-changes.js'
import type { PostPurchaseSteps } from '../offers/offers-module.js'
import type { OrderRow, PostPurchaseLine } from '../orders/orders-module.js'
import { type PaymentServices, ProviderUnavailableError, type SavedCardCharge, savedCardChargeOf } from '../payments/payments-module.js'
import { declineReason } from './decline-reasons.js'
import { failedState, type OnScreen } from './post-purchase-flow.js'
import { type PostPurchaseRow, postPurchaseRepository as repo } from './post-purchase-repository.js'

export type ChargingDeps = {
  db: Database
  now: () => Date
  payments: Pick<PaymentServices, 'provider' | 'accountOf'>
  jobs: Pick<JobQueue, 'send' | 'sendMany' | 'poke' | 'requestsWaiting'>
  /** Drops the cached payment accounts of a seller whose data changed (in any process). */
  changes: SellerChanges
  publishableKey?: string | undefined
  /** Decision D35: the order line each accepted charge adds to its order (the orders module's, idempotent). */
  addOrderLine: (tx: Executor, line: PostPurchaseLine) => Promise<unknown>
  /** The same for many charges recorded together (one statement for the lines, one for the totals). */
  addOrderLines: (tx: Executor, lines: PostPurchaseLine[]) => Promise<unknown>
}

type Sale = { steps: PostPurchaseSteps; screen: Pick<OnScreen, 'offer'> }
type Intent = { intentId: string | null; clientSecret: string | null }
/** A claimed step the provider charged, to be recorded as paid. */
type PaidCharge = { order: OrderRow; row: PostPurchaseRow; intent: Intent; sale: Sale }
type ClaimValues = Parameters<typeof repo.insertFirst>[1]
type Recorded = { row: PostPurchaseRow; queued: boolean }

const stepKey = (row: { orderId: string; step: number }) => `${row.orderId}/${row.step}`

/**
 * Pairs rows answered by a statement over many steps with the list that named them: each row goes
 * to the first entry naming its step; any other entry (a step named twice, or not moved) gets none.
 */
function pairRows<T extends { orderId: string; step: number }>(entries: T[], rows: PostPurchaseRow[]) {
  const byStep = new Map(rows.map((row) => [stepKey(row), row]))
  return entries.map((entry) => {
    const row = byStep.get(stepKey(entry))
    byStep.delete(stepKey(entry))
    return row
  })
}

/** A downsell's claim of a row whose upsell's charge was refused: that charge's intent is not this one's. */
const noIntent = { intentId: null, clientSecret: null, failureMessage: null }

/** How long a press that lost the race waits for the winner's answer before asking the provider itself. */
const waitForWinnerMs = 15_000
const pollMs = 25

/**
 * Decision D34's accept: exactly one charge per (order, step), whatever the presses, replays and
 * retries. The press that moves the step's row to `charging` charges; every other press waits for
 * its outcome and answers the same. The provider's idempotency key names the (order, step) too, so
 * even a charge whose answer was lost (a process that died) is asked again, never made twice.
 */
export function createPostPurchaseCharging({
  db,
  now,
  payments,
  jobs,
  changes,
  publishableKey,
  addOrderLine,
  addOrderLines,
}: ChargingDeps) {
  const { provider } = payments
  // A downsell is charged only after its upsell's charge was refused or declined: its own key, so the
  // provider never answers it with the refused upsell's charge.
  const idempotencyKey = (order: OrderRow, row: PostPurchaseRow) =>
    `post-purchase-${order.id}-step-${row.step}${row.kind === 'downsell' ? '-downsell' : ''}`
  // Every accept names the seller's account; a (dis)connection notifies like an offer edit (migration 0022).
  const accounts = createSellerCache(changes, async (sellerId) => {
    const account = await payments.accountOf(db, sellerId)
    return account && { sellerId, value: account }
  })

  /**
   * Issue 26: upsell claims of presses made together go out as one insert (the unique row per
   * (order, step) still lets exactly one press of a step claim it); a failed batch is redone one
   * claim at a time.
   */
  const claimUpsell = batchedWrites(
    async (claims: ClaimValues[]) => pairRows(claims, await repo.insertFirstMany(db, claims)),
    (claim) => repo.insertFirst(db, claim),
  )

  const accountId = async (order: OrderRow) => {
    const account = await accounts.get(order.sellerId)
    if (!account || account.provider !== order.provider) throw new PaymentError(postPurchaseMessages.notCharged)
    return account.accountId
  }

  /** What the page is told of a row's outcome. */
  const answerOf = (row: PostPurchaseRow, account: string): PostPurchaseAcceptResult => {
    if (row.state === 'succeeded') return { status: 'succeeded' }
    if (row.state === 'requires_action' && row.clientSecret) {
      return {
        status: 'requires_action',
        client_secret: row.clientSecret,
        provider: provider.name,
        ...(provider.name === 'stripe' ? { account_id: account, ...(publishableKey ? { publishable_key: publishableKey } : {}) } : {}),
      }
    }
    // Which offer and why, stored with the refusal, so a replay of the press hears the same.
    return { status: 'failed', message: row.failureMessage ?? postPurchaseMessages.notCharged }
  }

  const lineOf = ({ order, sale }: PaidCharge, paid: PostPurchaseRow): PostPurchaseLine => ({
    orderId: order.id,
    offerId: paid.offerId ?? sale.screen.offer.view.id,
    headline: sale.screen.offer.headline,
    amountCents: paid.amountCents ?? 0,
    currency: paid.currency ?? 1,
    paymentRef: paid.intentId ?? '',
  })
  const followUpsOf = ({ sale }: PaidCharge, paid: PostPurchaseRow) => {
    const { offer } = sale.screen
    const { freeOffer } = sale.steps
    return {
      chargeId: paid.id,
      sellerId: paid.sellerId,
      offer: { id: offer.view.id, headline: offer.headline, url: offer.url },
      freeOffer: { headline: freeOffer.headline, url: freeOffer.url },
    }
  }

  /**
   * A paid charge gets its order line (D35) and one `post-purchase-follow-ups` job in the same
   * transaction as its `succeeded` (issue 26): the buyer's answer waits for nothing else, and a
   * crash after the commit still owes the email, webhook and conversions.
   */
  async function recordPaidOne(paid: PaidCharge, from: 'charging' | 'requires_action'): Promise<Recorded> {
    const { order, row, intent } = paid
    return db.transaction(async (tx) => {
      const moved = await repo.move(tx, order.id, row.step, from, { state: 'succeeded', paidAt: now(), followUpsOwed: true, ...intent })
      if (!moved) return { row: (await repo.find(tx, order.id, row.step)) ?? row, queued: false }
      // Orders shows it with its first order, and a refund gives it back against its own payment.
      await addOrderLine(tx, lineOf(paid, moved))
      await jobs.send('post-purchase-follow-ups', followUpsOf(paid, moved), { tx })
      return { row: moved, queued: true }
    })
  }

  /**
   * Issue 26: buyers accepting at once have their paid charges recorded together, in one
   * transaction of four statements (the steps, the lines, the orders' totals, the jobs) instead of
   * four each: the pool's connections are what 50 simultaneous accepts wait for. A batch that fails
   * is redone one charge at a time (`batchedWrites`), so one bad charge fails only its own accept.
   */
  const recordPaid = batchedWrites<PaidCharge, Recorded>(
    async (charges) => {
      const moved = await db.transaction(async (tx) => {
        const rows = await repo.markPaidMany(
          tx,
          charges.map(({ order, row, intent }) => ({ orderId: order.id, step: row.step, ...intent })),
          now(),
        )
        const paired = pairRows(
          charges.map((paid) => ({ orderId: paid.order.id, step: paid.row.step })),
          rows,
        )
        const paidNow = charges.flatMap((paid, i) => {
          const row = paired[i]
          return row ? [{ paid, row }] : []
        })
        await addOrderLines(
          tx,
          paidNow.map(({ paid, row }) => lineOf(paid, row)),
        )
        await jobs.sendMany(
          'post-purchase-follow-ups',
          paidNow.map(({ paid, row }) => ({ data: followUpsOf(paid, row) })),
          { tx },
        )
        return paired
      })
      // A step another press recorded first answers with what that press stored.
      return Promise.all(
        charges.map(async (paid, i) => {
          const row = moved[i]
          if (row) return { row, queued: true }
          return { row: (await repo.find(db, paid.order.id, paid.row.step)) ?? paid.row, queued: false }
        }),
      )
    },
    (paid) => recordPaidOne(paid, 'charging'),
  )

  /** Stores the provider's outcome on the claimed row. */
  async function record(
    order: OrderRow,
    row: PostPurchaseRow,
    from: 'charging' | 'requires_action',
    charge: SavedCardCharge,
    sale: Sale,
  ): Promise<PostPurchaseRow> {
    const intent = { intentId: charge.intent?.id ?? row.intentId, clientSecret: charge.intent?.clientSecret ?? row.clientSecret }
    if (charge.status === 'succeeded') {
      const paid = { order, row, intent, sale }
      const recorded = from === 'charging' ? await recordPaid(paid) : await recordPaidOne(paid, from)
      if (recorded.queued) followUpsWaiting = true
      return recorded.row
    }
    const state = charge.status === 'requires_action' ? ('requires_action' as const) : failedState(sale.steps.steps, row.step, row.kind)
    if (state === from) return row
    const moved = await repo.move(db, order.id, row.step, from, {
      state,
      ...intent,
      failureMessage:
        charge.status === 'failed' ? postPurchaseMessages.notAdded(sale.screen.offer.headline, declineReason(charge.declineCode)) : null,
    })
    return moved ?? (await repo.find(db, order.id, row.step)) ?? row
  }

  /** The winner's charge of the saved card; a provider that cannot be reached leaves the step answerable again. */
  async function charge(order: OrderRow, row: PostPurchaseRow, account: string) {
    try {
      return await provider.chargeSavedCard({
        accountId: account,
        firstIntentId: order.intentId,
        amountCents: row.amountCents ?? 0,
        currency: currencyById(row.currency ?? 1).code,
        metadata: { order_id: order.id, post_purchase_step: String(row.step), post_purchase_kind: row.kind },
        idempotencyKey: idempotencyKey(order, row),
      })
    } catch (error) {
      if (error instanceof ProviderUnavailableError) {
        if (row.kind === 'downsell') await repo.move(db, order.id, row.step, 'charging', { state: 'upsell_declined', kind: 'upsell' })
        else await repo.release(db, order.id, row.step)
        throw new PaymentError(postPurchaseMessages.notCharged, 502)
      }
      throw error
    }
  }

  /** A press that lost the race: the winner's outcome, once it is stored. */
  async function waitForOutcome(orderId: string, step: number): Promise<PostPurchaseRow | undefined> {
    const until = Date.now() + waitForWinnerMs
    for (;;) {
      const row = await repo.find(db, orderId, step)
      if (row?.state !== 'charging' || Date.now() > until) return row
      await new Promise((resolve) => setTimeout(resolve, pollMs))
    }
  }

  /** Charges the step on screen (claimed by this press or another), or re-checks one waiting for the buyer's bank. */
  async function accept(order: OrderRow, screen: OnScreen, steps: PostPurchaseSteps, existing: PostPurchaseRow | undefined) {
    const account = await accountId(order)
    const sale = { steps, screen }
    if (existing?.state === 'requires_action' && existing.intentId) {
      // Re-checked by the server: the page's word that the bank said yes is never taken.
      const intent = await provider.retrieveIntent(account, existing.intentId)
      return answerOf(await record(order, existing, 'requires_action', savedCardChargeOf(intent), sale), account)
    }
    const claim = {
      orderId: order.id,
      sellerId: order.sellerId,
      step: screen.step,
      kind: screen.kind,
      offerId: screen.offer.view.id,
      amountCents: screen.offer.priceCents,
      currency: screen.offer.currency,
      provider: provider.name,
    }
    const claimed =
      screen.kind === 'upsell'
        ? await claimUpsell({ ...claim, state: 'charging' })
        : await repo.move(db, order.id, screen.step, existing?.state === 'upsell_failed' ? 'upsell_failed' : 'upsell_declined', {
            ...claim,
            ...noIntent,
            state: 'charging',
          })
    if (!claimed) {
      const outcome = await waitForOutcome(order.id, screen.step)
      if (!outcome) throw new PaymentError(postPurchaseMessages.notThisStep, 409)
      if (outcome.state !== 'charging') return answerOf(outcome, account)
      // The winner never answered (its process died): ask the provider under the same key.
      const charged = await charge(order, outcome, account)
      return answerOf(await record(order, outcome, 'charging', charged, sale), account)
    }
    const charged = await charge(order, claimed, account)
    return answerOf(await record(order, claimed, 'charging', charged, sale), account)
  }

  let accepting = 0
  let followUpsWaiting = false
  return {
    async accept(...args: Parameters<typeof accept>) {
      // Buyers pressing at once (an email blast's burst) share the machine and the pool with the
      // follow-ups their charges queued, which nobody is waiting for: while buyers wait, this
      // process's job dispatchers run one job at a time (jobs/requests-first.ts), and its worker is
      // told of the new follow-ups once the last of them has been answered (else at its next poll).
      accepting += 1
      if (accepting > 1) jobs.requestsWaiting()
      try {
        return await accept(...args)
      } finally {
        accepting -= 1
        if (accepting === 0 && followUpsWaiting) {
          followUpsWaiting = false
          jobs.poke('post-purchase-follow-ups')
        }
      }
    },
  }
}
export type PostPurchaseCharging = ReturnType<typeof createPostPurchaseCharging>
