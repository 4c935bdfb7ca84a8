import type { Database, Executor } from '../../db/client.js'
import type { JobQueue } from '../../jobs/queue.js'
import type { ApiModule } from '../../lib/api-module.js'
import { batchedCalls } from '../../lib/batched-calls.js'
import { type CheckoutVisitors, checkoutVisitors } from './checkout-visitors.js'
import { createConversionDeliveryHandler } from './conversion-delivery-handler.js'
import { createConversionLogService } from './conversion-log-service.js'
import type { ConversionItem } from './conversion-payloads.js'
import { conversionRoutes } from './conversion-routes.js'
import type { PlatformUrls } from './conversion-sender.js'
import { conversionSettingsRepository } from './conversion-settings-repository.js'
import { createConversionSettingsService } from './conversion-settings-service.js'
import { createConversionTestService } from './conversion-test-service.js'
import { createConversionTracker, queueConversions } from './conversion-tracker.js'
import { platformTargets } from './platform-targets.js'
import { type EventReply, type EventRequest, visitorOf } from './visitor-context.js'

/**
 * Server-side conversions (decisions D29-D31; docs/decisions/conversions-api.md): the seller's Meta
 * Conversions API and GA4 Measurement Protocol settings, the events other modules report (a lead
 * captured, an order paid), their delivery from the job queue, and the delivery log.
 */
export type { ConversionItem } from './conversion-payloads.js'
export type { EventReply, EventRequest, VisitorContext } from './visitor-context.js'

type Deps = {
  db: Database
  jobs: JobQueue
  now: () => Date
  publicUrl: string
  urls: PlatformUrls
  /** Where a lead's event that could not be recorded is reported (the lead itself is saved). */
  log: (message: string) => void
}

/** What other modules call: one small call where a lead is captured and where a payment succeeds. */
export type Conversions = {
  /** After a lead is committed: its `Lead` / `generate_lead` event, from the capture request. */
  leadCaptured: (
    lead: { sellerId: string; leadId: string; email: string; fullName: string },
    request: EventRequest,
    reply?: EventReply,
  ) => Promise<void>
  /**
   * At checkout: keeps the visitor of the request for the payment's event (which arrives without
   * them), by the order's id (the `intent_id` the page holds). Nothing is kept for a seller with no
   * conversions API: their payments send no server event.
   */
  checkoutStarted: (order: { sellerId: string; orderId: string }, request: EventRequest, reply?: EventReply) => Promise<void>
  /** Inside the transaction that marks orders paid: their `Purchase` / `purchase` events (a fixed number of statements). */
  ordersPaid: (tx: Executor, orders: PaidOrderEvent[]) => Promise<void>
  /** The same for one purchase (a one-click charge after the payment, D34). */
  orderPaid: (tx: Executor, order: PaidOrderEvent) => Promise<void>
}

/** A paid order as its Purchase event tells it. */
export type PaidOrderEvent = {
  sellerId: string
  orderId: string
  email: string
  fullName: string
  value: number
  currency: string
  items: ConversionItem[]
  at: Date
  /**
   * Decision D34: a one-click charge after the payment is its own purchase with its own event id
   * (`order.<id>.step-<n>`); the order's first payment keeps `order.<id>` (D29).
   */
  eventId?: string
  /** The purchase's transaction id at the platforms (GA4 dedupes by it); the order's id by default. */
  transactionId?: string
}

export type ConversionServices = {
  conversions: Conversions
  /**
   * Whether the seller asks visitors for consent before tracking (D31): for the public pages, which
   * show the consent banner and hold back seller scripts until the visitor accepts.
   */
  consentRequired: (executor: Executor, sellerId: string) => Promise<boolean>
  /** The `send-conversion` job handler, for the worker. */
  deliveryHandler: ReturnType<typeof createConversionDeliveryHandler>
}

export function createConversionsModule({ db, jobs, now, publicUrl, urls, log: report }: Deps): ApiModule<ConversionServices> {
  const settings = createConversionSettingsService({ db, now })
  const tests = createConversionTestService({ db, urls, now })
  const log = createConversionLogService({ db })
  const tracker = createConversionTracker({ db, jobs })
  const visitors: CheckoutVisitors = checkoutVisitors(db)
  // Sellers' settings asked for together (concurrent checkouts) are read in one statement; a call
  // never joins a read already under way, so each sees what was committed before it asked.
  const settingsOf = batchedCalls(async (sellerIds: string[]) => {
    const found = await conversionSettingsRepository.findMany(db, [...new Set(sellerIds)])
    return sellerIds.map((sellerId) => found.get(sellerId))
  })
  /**
   * The visitor of a request, with a generated GA4 client id kept in a cookie only for a seller whose
   * events go to a platform, and, when the seller asks for consent, once the visitor accepted (D31).
   */
  const trackedVisitor = async (sellerId: string, request: EventRequest, reply: EventReply | undefined) => {
    const settings = await settingsOf(sellerId)
    const keeps = platformTargets(settings).length > 0
    return visitorOf(request, keeps ? reply : undefined, { consentRequired: settings?.consentRequired ?? false })
  }
  const conversions: Conversions = {
    async leadCaptured({ sellerId, leadId, email, fullName }, request, reply) {
      const visitor = await trackedVisitor(sellerId, request, reply)
      // The lead is committed: a failure here must not fail the visitor's opt-in (the browser's event still fires).
      await tracker
        .record({ sellerId, kind: 'lead', eventId: `lead.${leadId}`, email, fullName, at: now(), visitor })
        .catch((error: unknown) => report(`lead ${leadId}: its conversion events were not recorded (${String(error)})`))
    },
    async checkoutStarted({ sellerId, orderId }, request, reply) {
      // Most sellers have no conversions API: their checkouts write nothing here (issue 22).
      if (platformTargets(await settingsOf(sellerId)).length === 0) return
      await visitors.remember(orderId, await trackedVisitor(sellerId, request, reply))
    },
    orderPaid: (tx, order) => conversions.ordersPaid(tx, [order]),
    async ordersPaid(tx, orders) {
      if (orders.length === 0) return
      const owed = await conversionSettingsRepository.findMany(tx, [...new Set(orders.map((order) => order.sellerId))])
      // Only the orders of sellers with a platform owe an event: the others cost this one read.
      const tracked = orders.filter((order) => platformTargets(owed.get(order.sellerId)).length > 0)
      if (tracked.length === 0) return
      const visitorOfOrder = await visitors.findMany(
        tx,
        tracked.map((order) => order.orderId),
      )
      await queueConversions(
        tx,
        jobs,
        tracked.map((order) => ({
          sellerId: order.sellerId,
          kind: 'purchase' as const,
          eventId: order.eventId ?? `order.${order.orderId}`,
          email: order.email,
          fullName: order.fullName,
          at: order.at,
          visitor: visitorOfOrder.get(order.orderId) ?? null,
          purchase: { orderId: order.transactionId ?? order.orderId, value: order.value, currency: order.currency, items: order.items },
        })),
      )
    },
  }
  return {
    services: {
      conversions,
      consentRequired: async (executor, sellerId) =>
        (await conversionSettingsRepository.find(executor, sellerId))?.consentRequired ?? false,
      deliveryHandler: createConversionDeliveryHandler({ db, urls, now }),
    },
    routes: async (api) => api.register(conversionRoutes, { settings, tests, log, publicUrl }),
  }
}
