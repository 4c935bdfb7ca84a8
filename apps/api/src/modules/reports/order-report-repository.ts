import { currencies, type OrderFilters } from '@funnelry/shared'
import { and, eq, isNotNull, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Executor } from '../../db/client.js'
import { splitVariantView } from '../experiments/experiments-module.js'
import { bumpOfferView, freeOfferView, upsellOfferView } from '../offers/offers-module.js'
import { orderLineView } from '../orders/orders-module.js'
// biome-ignore lint/style/noRestrictedImports: the reports are the read model over the orders' rows (decisions 0012, 0028)
import { orders } from '../orders/orders-tables.js'
import { defused, utmCells } from './csv-export.js'
import type { PageWindow } from './list-cursor.js'
import { reportCounts, searchSampleRows } from './report-counts.js'
import { countedFilters, cursorTimeOf, funnelRowFilter, narrowedBy, narrowingMatch, newestFirst } from './report-filters.js'
import { fromCursor, type ListTotal, type PageRows, pageOrder, pageRowsOf } from './report-page.js'

/**
 * The seller's own orders that are listed: decision D20 keeps drafts out of every list, count and
 * export. A draft is an order without the visitor's details (those abandoned as drafts included).
 */
const where = (sellerId: string, filters: OrderFilters) =>
  and(funnelRowFilter(orders, sellerId, filters), isNotNull(orders.email), filters.status ? eq(orders.status, filters.status) : undefined)

const columns = {
  order: orders,
  offer: { id: freeOfferView.id, headline: freeOfferView.headline },
  bump: { id: bumpOfferView.id, headline: bumpOfferView.headline },
  upsell: { id: upsellOfferView.id, headline: upsellOfferView.headline },
  variant: { id: splitVariantView.id, name: splitVariantView.name },
}

/** An order with the headlines of what it was for, in one query. */
const withOffers = (db: Executor) =>
  db
    // The id first: drizzle reads a left-joined object as null when its first field is.
    .select(columns)
    .from(orders)
    .innerJoin(freeOfferView, eq(freeOfferView.id, orders.freeOfferId))
    .leftJoin(bumpOfferView, eq(bumpOfferView.id, orders.bumpOfferId))
    .leftJoin(upsellOfferView, eq(upsellOfferView.id, orders.upsellOfferId))
    .leftJoin(splitVariantView, eq(splitVariantView.id, orders.variantId))

export type OrderReportRow = Awaited<ReturnType<typeof withOffers>>[number]
export type OrderPageRow = OrderReportRow & { cursorTime: string }

export const orderReportRepository = {
  /** One page: an index range from its cursor, or by OFFSET within the first rows (docs/decisions/0012). */
  page: async (db: Executor, sellerId: string, filters: OrderFilters, window: PageWindow): Promise<PageRows<OrderPageRow>> =>
    pageRowsOf(
      await db
        .select({ ...columns, cursorTime: cursorTimeOf(orders.createdAt) })
        .from(orders)
        .innerJoin(freeOfferView, eq(freeOfferView.id, orders.freeOfferId))
        .leftJoin(bumpOfferView, eq(bumpOfferView.id, orders.bumpOfferId))
        .leftJoin(upsellOfferView, eq(upsellOfferView.id, orders.upsellOfferId))
        .leftJoin(splitVariantView, eq(splitVariantView.id, orders.variantId))
        .where(and(where(sellerId, filters), fromCursor(orders.createdAt, orders.id, window.cursor)))
        .orderBy(...pageOrder(orders.createdAt, orders.id, window))
        .limit(window.limit)
        .offset(window.offset),
      window,
    ),

  /** One listed order of the seller, by id (undefined for another seller's, a draft or none). */
  one: async (db: Executor, sellerId: string, orderId: string): Promise<OrderReportRow | undefined> =>
    (await withOffers(db).where(and(eq(orders.id, orderId), where(sellerId, {})))).at(0),

  /** Exact from the daily counters, or a search's count (an estimate past the exact limit). */
  count: (db: Executor, sellerId: string, filters: OrderFilters): Promise<ListTotal> => {
    const unsearched = countedFilters(filters)
    if (!narrowedBy(filters)) return reportCounts.orders(db, sellerId, filters).then((count) => ({ count, estimate: false }))
    return reportCounts.search(db, {
      sample: sql`${db
        .select({ matched: sql<boolean>`${narrowingMatch(orders, filters)}`.as('matched') })
        .from(orders)
        .where(where(sellerId, unsearched))
        .orderBy(...newestFirst(orders.createdAt, orders.id))
        .limit(searchSampleRows + 1)}`,
      matching: sql`${db.select({ id: orders.id }).from(orders).where(where(sellerId, filters))}`,
      unsearchedTotal: () => reportCounts.orders(db, sellerId, unsearched),
    })
  },

  /** The orders export's cells, in SQL, as `order-export.ts` once wrote them in JavaScript (see the leads export). */
  exportQuery: (db: Executor, sellerId: string, filters: OrderFilters) =>
    db
      .select({
        fullName: defused(orders.fullName),
        email: defused(orders.email),
        offer: defused(freeOfferView.headline),
        bump: defused(sql`case when ${bumpOfferView.id} is not null then coalesce(${bumpOfferView.headline}, 'BUMP offer') end`),
        upsell: defused(upsellOfferView.headline),
        afterPurchase: defused(afterPurchaseOffers),
        amount: defused(amountText(sql`${orders.amountCents} + ${orders.postPurchaseCents}`)),
        currency: currencyCode(orders.currency),
        status: defused(orders.status),
        refunded: defused(amountText(orders.refundedCents)),
        ...utmCells(orders),
        variant: defused(splitVariantView.name),
        // Last: `exportRecords` writes it as toISOString does.
        createdAt: orders.createdAt,
      })
      .from(orders)
      .innerJoin(freeOfferView, eq(freeOfferView.id, orders.freeOfferId))
      .leftJoin(bumpOfferView, eq(bumpOfferView.id, orders.bumpOfferId))
      .leftJoin(upsellOfferView, eq(upsellOfferView.id, orders.upsellOfferId))
      .leftJoin(splitVariantView, eq(splitVariantView.id, orders.variantId))
      .where(where(sellerId, filters))
      .orderBy(...newestFirst(orders.createdAt, orders.id)),
}

/**
 * The offers accepted after the payment (decision D34), in the order they were bought, "; " between
 * them. Only an order with post-purchase money has such lines (its total only ever grows), so every
 * other row skips the lookup (an index probe on the lines' order id when it runs).
 */
const afterPurchaseOffers = sql`case when ${orders.postPurchaseCents} <> 0 then (
  select string_agg(${orderLineView.headline}, '; ' order by ${orderLineView.createdAt}) from ${orderLineView}
  where ${orderLineView.orderId} = ${orders.id} and ${orderLineView.kind} = 'post_purchase') end`

/** `centsToAmount` in SQL: two decimals, "-" first when negative. */
const amountText = (cents: AnyPgColumn | SQL) =>
  sql`case when ${cents} < 0 then '-' else '' end || (abs(${cents}) / 100)::text || '.' || lpad((abs(${cents}) % 100)::text, 2, '0')`

/** `currencyById(id).code.toUpperCase()` in SQL, from the shared currency table (its first when unknown). */
const currencyWhens = sql.raw(
  `${currencies.map((currency) => `when ${currency.value} then '${currency.code.toUpperCase()}'`).join(' ')} else '${currencies[0].code.toUpperCase()}'`,
)
const currencyCode = (id: AnyPgColumn) => sql`case ${id} ${currencyWhens} end`
