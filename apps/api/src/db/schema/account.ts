import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from './columns.js'
import { sellers } from './sellers.js'

/** Decision D32: one row per reset link; only the SHA-256 of its token is stored, like invitations. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_seller_idx').on(t.sellerId)],
)

/**
 * Decision D33: a seller's authenticator secret, encrypted (modules/auth/secret-box.ts). A row
 * without `enabledAt` is a setup not yet confirmed with a code; `lastUsedStep` is the time step of
 * the last code accepted, so no code is accepted twice.
 */
export const twoFactorSecrets = pgTable('two_factor_secrets', {
  sellerId: uuid('seller_id')
    .primaryKey()
    .references(() => sellers.id, { onDelete: 'cascade' }),
  encryptedSecret: text('encrypted_secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

/** Ten one-use codes per enabling, stored as SHA-256 (they are random, so no slow hash is needed). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_seller_idx').on(t.sellerId, t.codeHash)],
)
