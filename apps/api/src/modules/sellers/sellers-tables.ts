import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from '../../db/schema/columns.js'

export const sellers = pgTable(
  'sellers',
  {
    id: id(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    businessName: text('business_name').notNull(),
    website: text('website').notNull(),
    businessIndustry: text('business_industry').notNull(),
    staffMembers: text('staff_members').notNull(),
    hasStripeAccount: boolean('has_stripe_account').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Emails are compared case-insensitively everywhere; the index enforces it.
  (t) => [uniqueIndex('sellers_email_lower_key').on(sql`lower(${t.email})`)],
)

export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    email: text('email').notNull(),
    // Only the SHA-256 of the token is stored: a database leak does not leak sign-up links.
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('invitations_email_idx').on(sql`lower(${t.email})`)],
)

/** The option lists of the sign-up form, seeded at start. */
export const businessIndustries = pgTable('business_industries', {
  name: text('name').primaryKey(),
  position: integer('position').notNull(),
})

export const staffMemberOptions = pgTable('staff_member_options', {
  label: text('label').primaryKey(),
  position: integer('position').notNull(),
})
