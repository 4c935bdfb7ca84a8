import { sql } from 'drizzle-orm'
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { createdAt, id } from '../db/schema/columns.js'

/** Every email the product sends is kept: without SMTP this is where it lands (and the log). */
export const emails = pgTable(
  'emails',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    kind: text('kind').notNull(),
    status: text('status', { enum: ['queued', 'sent', 'stored', 'failed'] })
      .notNull()
      .default('queued'),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('emails_to_idx').on(sql`lower(${t.to})`, t.createdAt)],
)
