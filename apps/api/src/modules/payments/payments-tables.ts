import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from '../../db/schema/columns.js'
import { sellers } from '../sellers/sellers-tables.js'

/** The local test provider's own intents (the `local` provider keeps its state here). */
export const localPaymentIntents = pgTable('local_payment_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull().unique(),
  accountId: text('account_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  status: text('status', {
    enum: ['requires_payment_method', 'requires_action', 'processing', 'succeeded', 'canceled'],
  }).notNull(),
  lastError: text('last_error'),
  /** The test card that paid it (decision D34: later charges of a saved card behave by its number). */
  card: text('card'),
  /** Stripe's `setup_future_usage`: the card may be charged again (only when the consent line was shown). */
  saveCard: boolean('save_card').notNull().default(false),
  /** A charge of a saved card: the intent whose card it is. */
  savedFrom: text('saved_from'),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  idempotencyKey: text('idempotency_key').unique(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

/**
 * The local test provider's refunds (decision D35), as Stripe keeps them: one per idempotency key,
 * never more in all than the payment was.
 */
export const localRefunds = pgTable(
  'local_refunds',
  {
    id: text('id').primaryKey(),
    intentId: text('intent_id')
      .notNull()
      .references(() => localPaymentIntents.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index('local_refunds_intent_idx').on(t.intentId)],
)

/** The seller's account with the payment provider (decision D14). */
export const paymentAccounts = pgTable(
  'payment_accounts',
  {
    sellerId: uuid('seller_id')
      .primaryKey()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    accountId: text('account_id').notNull(),
    chargesEnabled: boolean('charges_enabled').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('payment_accounts_account_key').on(t.provider, t.accountId)],
)
