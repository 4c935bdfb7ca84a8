import { createHash, randomBytes } from 'node:crypto'
import type { Database } from '../../db/client.js'
import type { JobQueue } from '../../jobs/queue.js'
import { TooManyRequestsError, ValidationError } from '../../lib/errors.js'
import type { LimitStore } from '../../lib/limit-store.js'
import { retrySentence } from '../../lib/wait-sentence.js'
import { queueMailIn } from '../../mail/mail-service.js'
import { hashPassword, type SellerService } from '../sellers/sellers-module.js'
import { passwordChangedEmail, passwordResetEmail } from './account-emails.js'
import { passwordResetRepository } from './account-repository.js'
import type { LogIns } from './log-ins.js'

const hour = 60 * 60 * 1000
export const resetLinkLifetimeMs = hour

/** Reset requests allowed before a pause: per email (someone flooding one inbox) and per address. */
export const resetRequestLimits = {
  perEmail: { max: 5, windowMs: hour },
  perAddress: { max: 20, windowMs: hour },
} as const

export const resetLinkProblems = {
  unknown: 'This reset link is not valid. Ask for a new one.',
  used: 'This reset link was already used. Ask for a new one.',
  expired: 'This reset link has expired (links work for 1 hour). Ask for a new one.',
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

type Deps = { db: Database; jobs: JobQueue; now: () => Date; limits: LimitStore; sellers: SellerService; logIns: LogIns; publicUrl: string }

/**
 * Decision D32. A request answers before anything about the account is looked up: the token is
 * made and hashed for every request, then the answer goes out, and only then is the seller looked
 * for and the email stored (docs/decisions/account-security.md). So the answer's body and time
 * are the same whether or not the email has an account.
 */
export function createPasswordResetService({ db, jobs, now, limits, sellers, logIns, publicUrl }: Deps) {
  const pending = new Set<Promise<void>>()

  const refuse = (message: string, resetInMs: number): never => {
    const seconds = Math.max(1, Math.ceil(resetInMs / 1000))
    throw new TooManyRequestsError(`${message} ${retrySentence(seconds)}`, seconds)
  }

  const storeAndEmail = async (email: string, tokenHash: string, token: string, at: Date) => {
    const seller = await sellers.findByEmail(email)
    if (!seller) return
    await db.transaction(async (tx) => {
      await passwordResetRepository.insert(tx, { sellerId: seller.id, tokenHash, expiresAt: new Date(at.getTime() + resetLinkLifetimeMs) })
      const link = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`
      await queueMailIn(tx, jobs, { ...passwordResetEmail(seller.email, link), kind: 'password-reset' })
    })
  }

  return {
    /**
     * Checks the limits, then returns the work that finds the account and emails it: the caller
     * answers first and runs it after (`afterAnswer`), so its cost never shows in the answer.
     */
    async request(email: string, clientAddress: string, log: (error: unknown) => void): Promise<{ afterAnswer: () => void }> {
      const normalized = email.trim().toLowerCase()
      const byAddress = await limits.take(`reset-address:${clientAddress}`, resetRequestLimits.perAddress.windowMs)
      if (byAddress.count > resetRequestLimits.perAddress.max) refuse('Too many reset requests from your network.', byAddress.resetInMs)
      const byEmail = await limits.take(`reset-email:${normalized}`, resetRequestLimits.perEmail.windowMs)
      if (byEmail.count > resetRequestLimits.perEmail.max) refuse('Too many reset requests for this email.', byEmail.resetInMs)
      const token = randomBytes(32).toString('base64url')
      const tokenHash = sha256(token)
      const at = now()
      return {
        afterAnswer() {
          const work = storeAndEmail(normalized, tokenHash, token, at).catch(log)
          pending.add(work)
          void work.finally(() => pending.delete(work))
        },
      }
    },

    /** Requests still being handled after their answer (the app waits for them when it closes). */
    settled: async () => {
      await Promise.all([...pending])
    },

    /** Sets the new password, spends every link of the seller, tells them, and ends every log-in. */
    async confirm(token: string, password: string): Promise<void> {
      const tokenHash = sha256(token)
      const passwordHash = await hashPassword(password)
      const sellerId = await db.transaction(async (tx) => {
        const reset = await passwordResetRepository.findForUpdate(tx, tokenHash)
        if (!reset) throw ValidationError.field('token', resetLinkProblems.unknown)
        if (reset.usedAt) throw ValidationError.field('token', resetLinkProblems.used)
        if (reset.expiresAt <= now()) throw ValidationError.field('token', resetLinkProblems.expired)
        const seller = await sellers.findById(reset.sellerId)
        if (!seller) throw ValidationError.field('token', resetLinkProblems.unknown)
        await sellers.setPasswordHash(seller.id, passwordHash, tx)
        await passwordResetRepository.useAll(tx, seller.id, now())
        await queueMailIn(tx, jobs, { ...passwordChangedEmail(seller.email), kind: 'account-security' })
        return seller.id
      })
      await logIns.endAll(sellerId)
    },
  }
}
export type PasswordResetService = ReturnType<typeof createPasswordResetService>
