import { sql } from 'drizzle-orm'
import { text, timestamp, uuid } from 'drizzle-orm/pg-core'

/** Columns every table shares. Ids are UUIDs so public links reveal nothing about volume. */
export const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`)
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()

/**
 * Decision D37: the campaign of the visitor's last non-direct arrival (shared/funnel/arrival.ts),
 * null for a direct visit. Leads and orders keep it as it was when they were made.
 */
export const utmColumns = () => ({
  utmSource: text('utm_source'),
  utmMedium: text('utm_medium'),
  utmCampaign: text('utm_campaign'),
  utmContent: text('utm_content'),
  utmTerm: text('utm_term'),
  fbclid: text('fbclid'),
  gclid: text('gclid'),
})

type UtmColumns = { [Name in keyof ReturnType<typeof utmColumns>]: unknown }

/** The campaign columns of a table that has them, for a select that reads them as they are. */
export const selectUtmColumns = <Table extends UtmColumns>(table: Table): Pick<Table, keyof UtmColumns> => ({
  utmSource: table.utmSource,
  utmMedium: table.utmMedium,
  utmCampaign: table.utmCampaign,
  utmContent: table.utmContent,
  utmTerm: table.utmTerm,
  fbclid: table.fbclid,
  gclid: table.gclid,
})
