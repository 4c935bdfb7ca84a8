import { type LeadFilters, type OrderFilters, type OrderStatus, orderStatuses, reportMessages } from '@funnelry/shared'
import { z } from 'zod'

/** The filters' names, as the URL and the API both spell them. */
export type FilterName = keyof OrderFilters

export type ReadFilters = {
  /** What is sent: only valid values, and no end date before the start date. */
  filters: OrderFilters
  /** What the fields show: the URL's values, a date range out of order included. */
  fields: Record<FilterName, string>
  /** The date range's message, shown on the end date. */
  rangeError?: string
}

const maxSearchLength = 200
const isDay = (value: string) => z.iso.date().safeParse(value).success
const isOfferId = (value: string) => z.uuid().safeParse(value).success
const isStatus = (value: string): value is OrderStatus => (orderStatuses as readonly string[]).includes(value)

/**
 * The filters of a leads or orders URL (`?search=ada&free_offer=…&date_from=2025-01-01&status=paid`).
 * A hand-edited or outdated link never reaches the API as a 400: what is not valid is left out.
 */
export function readReportFilters(params: URLSearchParams): ReadFilters {
  const get = (name: FilterName) => params.get(name)?.trim() ?? ''
  const search = get('search').slice(0, maxSearchLength)
  const freeOffer = get('free_offer')
  const dateFrom = get('date_from')
  const dateTo = get('date_to')
  const status = get('status')
  const campaign = get('utm_campaign').slice(0, maxSearchLength)
  const source = get('utm_source').slice(0, maxSearchLength)

  const fields: Record<FilterName, string> = {
    search,
    free_offer: isOfferId(freeOffer) ? freeOffer : '',
    date_from: isDay(dateFrom) ? dateFrom : '',
    date_to: isDay(dateTo) ? dateTo : '',
    status: isStatus(status) ? status : '',
    utm_campaign: campaign,
    utm_source: source,
  }
  // ISO days compare as strings.
  const outOfOrder = fields.date_from !== '' && fields.date_to !== '' && fields.date_to < fields.date_from

  const filters: OrderFilters = {}
  if (fields.search) filters.search = fields.search
  if (fields.free_offer) filters.free_offer = fields.free_offer
  if (fields.date_from) filters.date_from = fields.date_from
  if (fields.date_to && !outOfOrder) filters.date_to = fields.date_to
  if (isStatus(fields.status)) filters.status = fields.status
  if (fields.utm_campaign) filters.utm_campaign = fields.utm_campaign
  if (fields.utm_source) filters.utm_source = fields.utm_source
  return outOfOrder ? { filters, fields, rangeError: reportMessages.dateRange } : { filters, fields }
}

/** The URL after one filter changed: an empty value removes it, and the list starts again at page 1. */
export function withFilter(params: URLSearchParams, name: FilterName, value: string): URLSearchParams {
  const next = new URLSearchParams(params)
  const trimmed = value.trim()
  if (trimmed) next.set(name, trimmed)
  else next.delete(name)
  next.delete('page')
  return next
}

/** The filters a phone keeps behind its 'Filters' button: all but the search, which stays in view. */
export const drawerFilterNames = [
  'free_offer',
  'date_from',
  'date_to',
  'status',
  'utm_campaign',
  'utm_source',
] as const satisfies readonly FilterName[]

/** How many of the filters behind the 'Filters' button are set (its badge). */
export function activeFilterCount(fields: Record<FilterName, string>): number {
  return drawerFilterNames.filter((name) => fields[name] !== '').length
}

/** The URL without these filters, from page 1 (the filters dialog's 'Clear'). */
export function withoutFilters(params: URLSearchParams, names: readonly FilterName[]): URLSearchParams {
  return names.reduce((next, name) => withFilter(next, name, ''), params)
}

/** The filters the leads calls take (every one but the order status). */
export function leadFiltersOf({ status: _status, ...filters }: OrderFilters): LeadFilters {
  return filters
}
