import { createHash } from 'node:crypto'
import type { RecoveryCodes, TwoFactorSetup } from '@funnelry/shared'
import { verify } from '@node-rs/argon2'
import type { Database } from '../../db/client.js'
import type { JobQueue } from '../../jobs/queue.js'
import { ConflictError, OtpRequiredError, TooManyRequestsError, ValidationError } from '../../lib/errors.js'
import type { LimitStore } from '../../lib/limit-store.js'
import { retrySentence } from '../../lib/wait-sentence.js'
import { queueMailIn } from '../../mail/mail-service.js'
import type { SellerService } from '../sellers/sellers-module.js'
import { twoFactorEmail } from './account-emails.js'
import { recoveryCodeRepository, twoFactorRepository } from './account-repository.js'
import type { SecretBox } from './secret-box.js'
import { base32Decode, matchingStep, newTotpSecret, otpauthUrl } from './totp.js'

/** Wrong codes allowed per account before a pause: a 6-digit code must not be guessable by trying. */
export const codeAttemptLimit = { max: 5, windowMs: 15 * 60 * 1000 } as const
const recoveryCodeCount = 10

export const twoFactorMessages = {
  codeRequired: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  wrongCode: 'That code is not correct, or was already used. Enter the current code from your authenticator app.',
  wrongPassword: 'The password is incorrect.',
  alreadyOn: 'Two-factor log-in is already on. Turn it off first to set it up again.',
  noSetup: 'Start the set-up first: scan the QR code, then enter a code.',
  notOn: 'Two-factor log-in is not on.',
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')
/** Recovery codes are compared without spaces, dashes or letter case, as people copy them. */
const normalizeRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase()
/** Ten characters of base32 (50 bits), shown as two groups of five: "k3v9q-7xw2m". */
function newRecoveryCode(): string {
  const text = newTotpSecret().slice(0, 10).toLowerCase()
  return `${text.slice(0, 5)}-${text.slice(5)}`
}

type Deps = { db: Database; jobs: JobQueue; now: () => Date; limits: LimitStore; sellers: SellerService; box: SecretBox }

/** Decision D33: TOTP (RFC 6238) with one-use recovery codes, checked at log-in when on. */
export function createTwoFactorService({ db, jobs, now, limits, sellers, box }: Deps) {
  /** Counts a code attempt of the account; a right code gives it back, so only wrong ones add up. */
  const beginAttempt = async (sellerId: string) => {
    const key = `two-factor-codes:${sellerId}`
    const taken = await limits.take(key, codeAttemptLimit.windowMs)
    if (taken.count > codeAttemptLimit.max) {
      const seconds = Math.max(1, Math.ceil(taken.resetInMs / 1000))
      throw new TooManyRequestsError(`Too many wrong codes for this account. ${retrySentence(seconds)}`, seconds)
    }
    return { succeeded: () => limits.giveBack(key) }
  }

  /** Whether `code` is a current TOTP code or an unused recovery code of an enabled seller; spends it. */
  const spendCode = async (sellerId: string, code: string, enable = false): Promise<boolean> => {
    const row = await twoFactorRepository.find(db, sellerId)
    if (!row) return false
    const step = matchingStep(base32Decode(box.open(row.encryptedSecret)), code.trim(), now(), row.lastUsedStep)
    if (step !== null) return twoFactorRepository.useStep(db, sellerId, step, now(), enable)
    if (enable || !row.enabledAt) return false
    return recoveryCodeRepository.use(db, sellerId, sha256(normalizeRecoveryCode(code)), now())
  }

  const checked = async (sellerId: string, code: string, enable = false) => {
    const attempt = await beginAttempt(sellerId)
    const ok = await spendCode(sellerId, code, enable)
    if (ok) await attempt.succeeded()
    return ok
  }

  return {
    isEnabled: async (sellerId: string) => Boolean((await twoFactorRepository.find(db, sellerId))?.enabledAt),

    /** At log-in, after the password matched: throws unless two-factor is off or `otp` is good. */
    async checkAtLogIn(sellerId: string, otp: string | undefined): Promise<void> {
      const row = await twoFactorRepository.find(db, sellerId)
      if (!row?.enabledAt) return
      if (!otp) throw new OtpRequiredError(twoFactorMessages.codeRequired)
      if (!(await checked(sellerId, otp))) throw new OtpRequiredError(twoFactorMessages.wrongCode)
    },

    /** A new secret, not yet on: it is turned on by `enable` with a code, proving the app has it. */
    async setup(sellerId: string, email: string): Promise<TwoFactorSetup> {
      const secret = newTotpSecret()
      if (!(await twoFactorRepository.savePending(db, sellerId, box.seal(secret), now())))
        throw new ConflictError(twoFactorMessages.alreadyOn)
      return { secret, otpauth_url: otpauthUrl(secret, email) }
    },

    async enable(sellerId: string, email: string, code: string): Promise<RecoveryCodes> {
      const row = await twoFactorRepository.find(db, sellerId)
      if (row?.enabledAt) throw new ConflictError(twoFactorMessages.alreadyOn)
      if (!row) throw ValidationError.field('code', twoFactorMessages.noSetup)
      if (!(await checked(sellerId, code, true))) throw ValidationError.field('code', twoFactorMessages.wrongCode)
      const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode)
      await db.transaction(async (tx) => {
        await recoveryCodeRepository.replaceAll(
          tx,
          sellerId,
          codes.map((each) => sha256(normalizeRecoveryCode(each))),
        )
        await queueMailIn(tx, jobs, { ...twoFactorEmail(email, true), kind: 'account-security' })
      })
      return { recovery_codes: codes }
    },

    /** Needs the password and a code (or a recovery code): a stolen session alone cannot turn it off. */
    async disable(sellerId: string, password: string, code: string): Promise<void> {
      const seller = await sellers.findById(sellerId)
      const row = await twoFactorRepository.find(db, sellerId)
      if (!seller || !row?.enabledAt) throw new ConflictError(twoFactorMessages.notOn)
      if (!(await verify(seller.passwordHash, password).catch(() => false)))
        throw ValidationError.field('password', twoFactorMessages.wrongPassword)
      if (!(await checked(sellerId, code))) throw ValidationError.field('code', twoFactorMessages.wrongCode)
      await db.transaction(async (tx) => {
        await twoFactorRepository.remove(tx, sellerId)
        await recoveryCodeRepository.removeAll(tx, sellerId)
        await queueMailIn(tx, jobs, { ...twoFactorEmail(seller.email, false), kind: 'account-security' })
      })
    },
  }
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>
