import { QueryBuilder } from 'drizzle-orm/pg-core'
import { splitVariants } from './experiments-tables.js'

const query = new QueryBuilder({ casing: 'snake_case' })

/**
 * A split-test arm's name, for other modules' read models (docs/decisions/0028): the reports join it
 * to say which variant a lead or an order saw (decision D36), in the list's own statement and in the
 * CSV export's COPY, as they join the offers' views. A plain subquery of one table, which
 * PostgreSQL flattens into the outer query: a primary-key lookup per listed row, no extra statement.
 * Only these columns are theirs to read; the table stays this module's to change. `headline` is the
 * arm's own (null for a running test's original, which shows the page's): the thank-you page's receipt
 * names what the visitor saw.
 */
export const splitVariantView = query
  .select({ id: splitVariants.id, name: splitVariants.name, headline: splitVariants.headline })
  .from(splitVariants)
  .as('split_variant_view')
