import { z } from 'zod'
import { pageQuerySchema, paginatedSchema } from '../common/pagination.js'
import { utmSchema } from '../funnel/arrival.js'
import { utmFields } from '../funnel/utm-fields.js'

/*
 * What a seller's funnel produced: leads, orders, funnel numbers per free offer and the CRM
 * webhook delivery log. Query schemas are what the API accepts (and the web sends); response
 * schemas what it answers. Money is a two-decimal string, rates are fractions 0..1.
 */

export const reportMessages = {
  invalidDate: 'Use a date such as 2025-01-31.',
  dateRange: 'The end date must not be before the start date.',
  invalidOffer: 'Choose one of your free offers.',
  invalidStatus: 'Choose pending, paid, failed, abandoned, partially refunded or refunded.',
  invalidTimeZone: 'Choose a time zone such as Europe/Paris.',
  rangeTooLong: 'Choose at most 366 days.',
  alreadyDelivered: 'This delivery has already been delivered.',
  stillPending: 'This delivery is still being attempted; it can be retried once it has failed.',
  noWebhook: 'Save a webhook URL first, then send a test.',
} as const

/** A query parameter a form may send empty (`?search=`): empty means "no filter". */
const optionalParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional())

/** Days PostgreSQL and JavaScript dates both handle (year 0 and the end of 9999 are refused by one of them). */
const firstDay = '1900-01-01'
const lastDay = '9998-12-31'
const isoDay = z.iso
  .date(reportMessages.invalidDate)
  .refine((day) => day >= firstDay && day <= lastDay, `Choose a date between ${firstDay} and ${lastDay}.`)

/** Inclusive UTC days: `date_to=2025-01-31` includes everything created on 31 January (UTC). */
const dateRangeShape = {
  date_from: optionalParam(isoDay),
  date_to: optionalParam(isoDay),
}

const leadFilterShape = {
  /** Part of the name or email, any case. */
  search: optionalParam(z.string().trim().max(200, 'Use at most 200 characters.')),
  free_offer: optionalParam(z.uuid(reportMessages.invalidOffer)),
  ...dateRangeShape,
  /** Decision D37: rows whose campaign (or source) is exactly this. */
  utm_campaign: optionalParam(z.string().trim().max(200, 'Use at most 200 characters.')),
  utm_source: optionalParam(z.string().trim().max(200, 'Use at most 200 characters.')),
}

/**
 * What sellers see (docs/decisions/0008): `pending` waits for a payment, `failed` had a declined
 * attempt and can still be paid, `paid`, and `abandoned` after 24 hours without a payment; a paid
 * order the seller gave money back for is `partially_refunded`, then `refunded` once every paid
 * line is (decision D35). Drafts
 * (decision D20: no visitor details yet) are never listed.
 */
export const orderStatuses = ['pending', 'paid', 'failed', 'abandoned', 'partially_refunded', 'refunded'] as const
export type OrderStatus = (typeof orderStatuses)[number]

const orderFilterShape = {
  ...leadFilterShape,
  status: optionalParam(z.enum(orderStatuses, reportMessages.invalidStatus)),
}

/** ISO days compare as strings. */
const rangeInOrder = (range: { date_from?: string | undefined; date_to?: string | undefined }) =>
  !range.date_from || !range.date_to || range.date_from <= range.date_to
const rangeCheck = { message: reportMessages.dateRange, path: ['date_to'] }

export const leadFiltersSchema = z.object(leadFilterShape).refine(rangeInOrder, rangeCheck)
export type LeadFilters = z.infer<typeof leadFiltersSchema>

/**
 * Where a deep page starts (docs/decisions/0012): `next` and `previous` links to pages past the
 * first thousand rows carry it beside `page`, so that the page is an index range however deep.
 * Opaque; one that cannot be read is ignored and the page is found by its number.
 */
const listCursorShape = { cursor: optionalParam(z.string().max(200)) }

export const leadListQuerySchema = z
  .object({ ...pageQuerySchema.shape, ...leadFilterShape, ...listCursorShape })
  .refine(rangeInOrder, rangeCheck)
export type LeadListQuery = z.infer<typeof leadListQuerySchema>

export const orderFiltersSchema = z.object(orderFilterShape).refine(rangeInOrder, rangeCheck)
export type OrderFilters = z.infer<typeof orderFiltersSchema>

export const orderListQuerySchema = z
  .object({ ...pageQuerySchema.shape, ...orderFilterShape, ...listCursorShape })
  .refine(rangeInOrder, rangeCheck)
export type OrderListQuery = z.infer<typeof orderListQuerySchema>

/** An IANA time zone name both JavaScript and PostgreSQL know, e.g. `Europe/Paris`. */
const timeZone = z
  .string()
  .max(64)
  .refine((name) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: name })
      return true
    } catch {
      return false
    }
  }, reportMessages.invalidTimeZone)

/** The longest range the funnel numbers take: a year, leap day included. */
export const maxStatsDays = 366

/**
 * Decision D37: `from` and `to` are inclusive days in the time zone `tz` (the seller's, as the
 * dashboard's browser knows it; UTC when absent); without them, the last 30 days to today.
 * `date_from` / `date_to` are the earlier names of `from` / `to`.
 */
export const offerStatsQuerySchema = z
  .object({ ...dateRangeShape, from: optionalParam(isoDay), to: optionalParam(isoDay), tz: optionalParam(timeZone) })
  .refine((range) => rangeInOrder({ date_from: range.from ?? range.date_from, date_to: range.to ?? range.date_to }), {
    message: reportMessages.dateRange,
    path: ['to'],
  })
  .refine(
    (range) => {
      const [from, to] = [range.from ?? range.date_from, range.to ?? range.date_to]
      return !from || !to || (Date.parse(to) - Date.parse(from)) / 86_400_000 < maxStatsDays
    },
    { message: reportMessages.rangeTooLong, path: ['to'] },
  )
export type OfferStatsQuery = z.infer<typeof offerStatsQuerySchema>

/**
 * The spec's list body, and `count_is_estimate: true` when `count` is an estimate (a search that
 * matches more than `exactSearchCountLimit` rows, docs/decisions/0012). Absent when exact.
 */
const reportListSchema = <T extends z.ZodType>(item: T) => paginatedSchema(item).extend({ count_is_estimate: z.literal(true).optional() })

/** Up to this many matches a search's count is exact; above it, an estimate shown as "about N". */
export const exactSearchCountLimit = 1000

const timestamp = z.iso.datetime()
const money = z
  .string()
  .regex(/^\d+\.\d{2}$/)
  .describe('two decimals, e.g. "52.50"')
const rate = z.number().min(0).describe('a fraction rounded to 4 decimals; 0 when nothing to divide by')
const offerRef = z.object({ id: z.guid(), headline: z.string() })
/** A bump's headline is optional on the bump itself. */
const optionalHeadlineRef = z.object({ id: z.guid(), headline: z.string().nullable() })
/** Decision D36: the split-test variant the visitor saw ("Original" for the page itself); null outside a test. */
const variantRef = z.object({ id: z.guid(), name: z.string() }).nullable()

export const leadSchema = z.object({
  id: z.guid(),
  full_name: z.string(),
  email: z.string(),
  free_offer: offerRef,
  /** Decision D37: the campaign that brought the lead; every field null for a direct visit. */
  utm: utmSchema,
  variant: variantRef,
  created_at: timestamp,
})
export type Lead = z.infer<typeof leadSchema>
export const leadListSchema = reportListSchema(leadSchema)
export type LeadList = z.infer<typeof leadListSchema>

/** The CSV export's columns, in order; the first line of every export. */
export const leadExportColumns = [
  'full_name',
  'email',
  'free_offer',
  ...utmFields,
  /** Decision D36: the split-test variant's name; empty outside a test. */
  'variant',
  'created_at',
] as const

/** The orders CSV export's columns, in order (amount two decimals, currency its ISO code). */
export const orderExportColumns = [
  'full_name',
  'email',
  'free_offer',
  'bump_offer',
  'upsell_offer',
  /** Decision D34: the offers accepted after the payment, each its own charge, "; " between them. */
  'after_purchase_offers',
  'amount',
  'currency',
  'status',
  /** Decision D35: what was given back of `amount`, two decimals (0.00 when nothing). */
  'refunded',
  ...utmFields,
  /** Decision D36: the split-test variant's name; empty outside a test. */
  'variant',
  'created_at',
] as const

/**
 * Decision D35: what an order holds, one line per thing paid for: the free offer (always, at 0),
 * the bump and the upsell of the first payment, and each post-purchase offer accepted (D34, its own
 * charge). A line is refunded on its own; a free line never is.
 */
export const orderLineKinds = ['free', 'bump', 'upsell', 'post_purchase'] as const
export type OrderLineKind = (typeof orderLineKinds)[number]
/** `refund_pending`: the provider took the refund but has not given the money back yet (its event settles it, D35). */
export const orderLineStatuses = ['paid', 'refund_pending', 'refunded'] as const
export type OrderLineStatus = (typeof orderLineStatuses)[number]

export const orderLineSchema = z.object({
  id: z.guid(),
  kind: z.enum(orderLineKinds),
  /** Null when the offer was deleted since (the headline is kept as it was when paid). */
  offer_id: z.guid().nullable(),
  headline: z.string(),
  amount: money,
  currency: z.number().int().min(1).max(3),
  status: z.enum(orderLineStatuses),
})
export type OrderLine = z.infer<typeof orderLineSchema>

export const orderRefundMessages = {
  notPaid: 'This order has not been paid, so there is nothing to refund.',
  alreadyRefunded: 'This has already been refunded.',
  nothingLeft: 'Everything in this order has already been refunded.',
  notALine: 'Choose items of this order.',
  freeLine: 'A free item cannot be refunded.',
  otherProvider: 'This order was paid through another payment provider; refund it there.',
} as const

/** Decision D35: `POST /api/v1/orders/<id>/refund/`; without `line_ids`, every paid line still to refund. */
export const orderRefundSchema = z.strictObject({
  line_ids: z.array(z.guid(orderRefundMessages.notALine)).min(1, orderRefundMessages.notALine).max(50).optional(),
})
export type OrderRefundInput = z.infer<typeof orderRefundSchema>

export const orderSchema = z.object({
  id: z.guid(),
  intent_id: z.string(),
  full_name: z.string(),
  email: z.string(),
  free_offer: offerRef,
  /** Null when none was bought (or it was deleted since). */
  bump_offer: optionalHeadlineRef.nullable(),
  upsell_offer: offerRef.nullable(),
  amount: money,
  currency: z.number().int().min(1).max(3),
  status: z.enum(orderStatuses),
  /** Decision D35: how much of `amount` was given back. */
  refunded: money,
  /** Decision D35: empty until the order is paid. */
  lines: z.array(orderLineSchema),
  /** Decision D37: the campaign that brought the order; every field null for a direct visit. */
  utm: utmSchema,
  variant: variantRef,
  created_at: timestamp,
})
export type Order = z.infer<typeof orderSchema>
export const orderListSchema = reportListSchema(orderSchema)
export type OrderList = z.infer<typeof orderListSchema>

/** A free offer's funnel, each rate a fraction of the step before (docs/decisions/0005). */
/** Issue 26: one offer of an after-purchase step, over the stats' range (counted by the day it was first shown). */
export const afterPurchaseOfferStatsSchema = z.object({
  offer_id: z.string().nullable(),
  headline: z.string(),
  /** Orders on which it was shown, once each however often the page was reloaded. */
  shown: z.number().int(),
  /** Charged successfully. */
  accepted: z.number().int(),
  /** "No thanks" pressed (an upsell declined then goes to its downsell, if any). */
  declined: z.number().int(),
  /** accepted / shown */
  take_rate: rate,
  /** Its charges still paid (refunded ones drop out, D35), in the stats' `currency`. */
  revenue: money,
})
export const afterPurchaseStepStatsSchema = z.object({
  step: z.number().int().min(1),
  upsell: afterPurchaseOfferStatsSchema,
  downsell: afterPurchaseOfferStatsSchema.nullable(),
})
export type AfterPurchaseStepStats = z.infer<typeof afterPurchaseStepStatsSchema>

export const offerStatsSchema = z.object({
  views: z.number().int(),
  opt_ins: z.number().int(),
  /** opt_ins / views */
  opt_in_rate: rate,
  /** Orders with the visitor's details, whatever their status (drafts are not orders yet, D20). */
  orders: z.number().int(),
  /** Decision D21: orders with an amount above zero that were paid. */
  paid_orders: z.number().int(),
  /**
   * Decision D21: people who first completed a checkout with nothing to pay (D11) in the range,
   * counted apart from paid orders; one per email like opt-ins, so a repeat free checkout does not
   * count again.
   */
  free_completions: z.number().int(),
  /** completed checkouts (paid or free) with the bump / completed checkouts */
  bump_take_rate: rate,
  /** completed checkouts with the upsell / completed checkouts on which it was shown (holding it counts as shown) */
  upsell_take_rate: rate,
  /** Sum of paid orders, in `currency`. */
  revenue: money,
  /** revenue / views */
  revenue_per_view: money,
  /** Issue 26: the same figure under the name the experiments and sources use. */
  revenue_per_visitor: money,
  /** Issue 26: the after-purchase steps configured now, each with its numbers over the range. */
  after_purchase_steps: z.array(afterPurchaseStepStatsSchema),
  currency: z.number().int().min(1).max(3),
  /** Decision D37: the inclusive days counted, in `time_zone`. */
  from: z.iso.date(),
  to: z.iso.date(),
  time_zone: z.string(),
  /** Every day of the range, oldest first: views, opt-ins, paid orders and their revenue. */
  daily: z.array(
    z.object({ day: z.iso.date(), views: z.number().int(), opt_ins: z.number().int(), orders: z.number().int(), revenue: money }),
  ),
})
export type OfferStats = z.infer<typeof offerStatsSchema>

/**
 * Decision D37: the funnel by source and campaign over the same range, most views first; null
 * names a visit with no campaign (direct). `orders` are paid orders; `revenue_per_visitor` is
 * revenue / views, in the offer's `currency` (the stats').
 */
export const offerSourceRowSchema = z.object({
  utm_source: z.string().nullable(),
  utm_campaign: z.string().nullable(),
  views: z.number().int(),
  opt_ins: z.number().int(),
  orders: z.number().int(),
  revenue: money,
  revenue_per_visitor: money,
})
export type OfferSourceRow = z.infer<typeof offerSourceRowSchema>
export const offerSourcesSchema = z.array(offerSourceRowSchema)

export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const

export const webhookAttemptSchema = z.object({
  /** The receiver's HTTP status; null when no answer came (network error, timeout, refused address). */
  status_code: z.number().int().nullable(),
  /** The technical detail of a failure with no answer (e.g. `connect ECONNREFUSED 127.0.0.1:4198`). */
  error: z.string().nullable(),
  /** Why it failed, in words a seller understands; null when the CRM accepted it. */
  reason: z.string().nullable(),
  created_at: timestamp,
})
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>

/**
 * Who or what a delivery was for, read from the payload it carries: the lead (both events), the
 * free offer, and for `order.paid` the order's total. Null where the payload does not hold it.
 */
export const webhookDeliverySubjectSchema = z.object({
  email: z.string().nullable(),
  full_name: z.string().nullable(),
  offer_headline: z.string().nullable(),
  /** A two-decimal amount, e.g. "19.00", with its currency code (`order.paid` only). */
  amount: z.string().nullable(),
  currency: z.string().nullable(),
})
export type WebhookDeliverySubject = z.infer<typeof webhookDeliverySubjectSchema>

export const webhookDeliverySchema = z.object({
  id: z.guid(),
  event: z.string(),
  url: z.string(),
  subject: webhookDeliverySubjectSchema,
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number().int(),
  created_at: timestamp,
  last_attempt: webhookAttemptSchema.nullable(),
})
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>
export const webhookDeliveryListSchema = paginatedSchema(webhookDeliverySchema)
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>
