import { QueryBuilder } from 'drizzle-orm/pg-core'
import { orderLines } from './orders-tables.js'

const query = new QueryBuilder({ casing: 'snake_case' })

/**
 * An order's lines, for other modules' read models (docs/decisions/0028): the orders CSV names the
 * offers accepted after the payment (decision D34) from it, inside the export's one COPY statement.
 * A plain subquery of one table, which PostgreSQL flattens into the outer query; only these columns
 * are theirs to read, and the table stays this module's to change.
 */
export const orderLineView = query
  .select({ orderId: orderLines.orderId, kind: orderLines.kind, headline: orderLines.headline, createdAt: orderLines.createdAt })
  .from(orderLines)
  .as('order_line_view')
