import type { Seller, SignUpInput } from '@funnelry/shared'
import { hash } from '@node-rs/argon2'
import type { Database, Executor } from '../../db/client.js'
import { ValidationError } from '../../lib/errors.js'
import { createInvitationService } from './invitation-service.js'
import { type SellerRow, sellerRepository } from './seller-repository.js'

export const toSeller = (row: SellerRow): Seller => ({
  id: row.id,
  full_name: row.fullName,
  email: row.email,
  business_name: row.businessName,
  website: row.website,
  business_industry: row.businessIndustry,
  staff_members: row.staffMembers,
  has_stripe_account: row.hasStripeAccount,
})

const emailTaken = () => ValidationError.field('email', 'A seller with this email already has an account. Please log in.')

/** PostgreSQL's unique_violation on the named constraint, as thrown by pg or wrapped by drizzle. */
function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, constraint: name } = current as Error & { code?: unknown; constraint?: unknown }
    if (code === '23505') return name === constraint
  }
  return false
}

/** argon2id (the library's default algorithm) with its recommended cost. */
export const hashPassword = (password: string) => hash(password)

export function createSellerService({ db, now }: { db: Database; now: () => Date }) {
  const invitations = createInvitationService({ db, now })

  return {
    invitations,
    industries: () => sellerRepository.industries(db),
    staffMembers: () => sellerRepository.staffMembers(db),
    /** For log-in: any letter case of the email. */
    findByEmail: (email: string) => sellerRepository.findByEmail(db, email),
    findById: (sellerId: string) => sellerRepository.findById(db, sellerId),
    /**
     * The business names of many sellers (what a download email or receipt is signed with), in the
     * caller's transaction when given: one statement however many.
     */
    businessNames: (sellerIds: string[], executor: Executor = db) => sellerRepository.businessNames(executor, sellerIds),
    /** The payment question's answer (decision D14), stored when the seller connects payments. */
    setHasStripeAccount: (sellerId: string, hasStripeAccount: boolean) =>
      sellerRepository.setHasStripeAccount(db, sellerId, hasStripeAccount, now()),

    /** Stores a new password hash (reset or change: the auth module ends the log-ins), in the caller's transaction when given. */
    setPasswordHash: (sellerId: string, passwordHash: string, executor: Executor = db) =>
      sellerRepository.setPasswordHash(executor, sellerId, passwordHash, now()),

    async signUp(input: SignUpInput): Promise<Seller> {
      const [industries, staff] = await Promise.all([sellerRepository.industries(db), sellerRepository.staffMembers(db)])
      const fieldErrors: Record<string, string[]> = {}
      if (!industries.includes(input.business_industry)) fieldErrors.business_industry = ['Choose one of the listed industries.']
      if (!staff.includes(input.staff_members)) fieldErrors.staff_members = ['Choose one of the listed team sizes.']
      if (Object.keys(fieldErrors).length > 0) throw new ValidationError(fieldErrors)

      // A cheap refusal before the deliberately expensive hash: no invitation, no work.
      await invitations.check(input.email, input.token)
      const passwordHash = await hashPassword(input.password)
      const email = input.email.trim().toLowerCase()
      const row = await db
        .transaction(async (tx) => {
          await invitations.consume(tx, email, input.token)
          if (await sellerRepository.findByEmail(tx, email)) throw emailTaken()
          return sellerRepository.insert(tx, {
            email,
            fullName: input.full_name,
            businessName: input.business_name,
            website: input.website,
            businessIndustry: input.business_industry,
            staffMembers: input.staff_members,
            hasStripeAccount: input.has_stripe_account,
            passwordHash,
          })
        })
        .catch((error: unknown) => {
          // A sign-up for the same email that commits between the look-up and the insert is
          // stopped by the unique index; the person gets the same answer as in the plain case.
          throw isUniqueViolation(error, 'sellers_email_lower_key') ? emailTaken() : error
        })
      return toSeller(row)
    },
  }
}
export type SellerService = ReturnType<typeof createSellerService>
