import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from '../../db/schema/columns.js'
import { sellers } from '../sellers/sellers-tables.js'

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

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    // The id is the refresh token's `jti`; revoking the row revokes the token.
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    // Every token rotated from one log-in shares the log-in's family; reuse revokes the family.
    familyId: uuid('family_id').notNull(),
    // Set when the token was exchanged for its successor (rotation).
    replacedBy: uuid('replaced_by'),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_seller_idx').on(t.sellerId), index('refresh_tokens_family_idx').on(t.familyId)],
)
