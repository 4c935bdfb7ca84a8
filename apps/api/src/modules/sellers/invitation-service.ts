import { createHash, randomBytes } from 'node:crypto'
import { messages } from '@funnelry/shared'
import type { Database, Executor } from '../../db/client.js'
import { ValidationError } from '../../lib/errors.js'
import { type InvitationRow, invitationRepository, sellerRepository } from './seller-repository.js'

export const invitationLifetimeMs = 7 * 24 * 60 * 60 * 1000

export const hashInvitationToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** Explains why a link does not work, so the person knows what to ask the operator for. */
export function invitationProblem(invitation: InvitationRow | undefined, email: string, now: Date): string | null {
  if (!invitation || invitation.email.toLowerCase() !== email.trim().toLowerCase() || invitation.revokedAt)
    return messages.invitationInvalid
  if (invitation.usedAt) return 'This invitation has already been used. Please log in.'
  if (invitation.expiresAt.getTime() <= now.getTime()) return 'This invitation has expired. Please ask for a new one.'
  return null
}

export function createInvitationService({ db, now }: { db: Database; now: () => Date }) {
  return {
    /** Creates a single-use invitation; only the token's hash is stored. */
    async create(email: string): Promise<{ token: string; expiresAt: Date }> {
      const normalized = email.trim().toLowerCase()
      if (await sellerRepository.findByEmail(db, normalized)) {
        throw ValidationError.field('email', 'A seller with this email already has an account.')
      }
      const token = randomBytes(32).toString('base64url')
      const at = now()
      const expiresAt = new Date(at.getTime() + invitationLifetimeMs)
      await db.transaction(async (tx) => {
        await invitationRepository.revokePending(tx, normalized, at)
        await invitationRepository.insert(tx, { email: normalized, tokenHash: hashInvitationToken(token), expiresAt })
      })
      return { token, expiresAt }
    },

    async check(email: string, token: string): Promise<void> {
      const invitation = await invitationRepository.findByTokenHash(db, hashInvitationToken(token))
      const problem = invitationProblem(invitation, email, now())
      if (problem) throw ValidationError.nonField(problem)
    },

    /** Inside the sign-up transaction: locks, checks and uses the invitation. */
    async consume(tx: Executor, email: string, token: string): Promise<void> {
      const invitation = await invitationRepository.findByTokenHashForUpdate(tx, hashInvitationToken(token))
      const problem = invitationProblem(invitation, email, now())
      if (problem || !invitation) throw ValidationError.nonField(problem ?? messages.invitationInvalid)
      await invitationRepository.markUsed(tx, invitation.id, now())
    },
  }
}
export type InvitationService = ReturnType<typeof createInvitationService>

export function signUpLink(publicUrl: string, email: string, token: string): string {
  const query = new URLSearchParams({ email, token })
  return `${publicUrl}/sign-up?${query.toString()}`
}
