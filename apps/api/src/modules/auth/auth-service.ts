import type { TokenPair } from '@funnelry/shared'
import { verify } from '@node-rs/argon2'
import type { Database } from '../../db/client.js'
import { ValidationError } from '../../lib/errors.js'
import type { LimitStore } from '../../lib/limit-store.js'
import type { TokenSigner } from '../../lib/tokens.js'
import { hashPassword, type SellerService } from '../sellers/sellers-module.js'
import type { LogIns } from './log-ins.js'
import { createLoginLimits } from './login-limits.js'
import { createRefreshRotation } from './refresh-rotation.js'
import type { TwoFactorService } from './two-factor-service.js'

const wrongCredentials = 'The email address or password is incorrect.'

// Verifying against a real hash when the email is unknown keeps the response time from telling
// an attacker which emails have accounts.
let decoyHash: Promise<string> | undefined
const getDecoyHash = () => {
  decoyHash ??= hashPassword('decoy password that never matches')
  return decoyHash
}

type Deps = {
  db: Database
  tokens: TokenSigner
  now: () => Date
  limits: LimitStore
  sellers: SellerService
  logIns: LogIns
  twoFactor: TwoFactorService
}

export function createAuthService({ db, tokens, now, limits, sellers, logIns, twoFactor }: Deps) {
  const sessions = createRefreshRotation({ db, tokens, now, findSeller: sellers.findById, logIns })
  const loginLimits = createLoginLimits(limits)
  return {
    /**
     * `clientAddress` is the caller's rate-limit key (http/client-address.ts); `otp` is the
     * second factor (decision D33), asked for with a 401 once the password matched.
     */
    async login(email: string, password: string, clientAddress: string, otp?: string): Promise<TokenPair> {
      const attempt = await loginLimits.begin(email, clientAddress)
      const seller = await sellers.findByEmail(email.trim())
      const matches = await verify(seller?.passwordHash ?? (await getDecoyHash()), password).catch(() => false)
      if (!seller || !matches) throw ValidationError.nonField(wrongCredentials)
      await attempt.succeeded()
      await twoFactor.checkAtLogIn(seller.id, otp)
      // The first token of a log-in names the family: its id is the log-in's.
      const logInId = await sessions.start(seller.id)
      const [access, refresh] = await Promise.all([
        tokens.signAccess({ user_id: seller.id, full_name: seller.fullName, email: seller.email }, logInId),
        tokens.signRefresh(seller.id, logInId),
      ])
      return { access, refresh }
    },

    /** A new access token and a new refresh token; the one presented is spent (rotation). */
    refresh: (refreshToken: string): Promise<TokenPair> => sessions.refresh(refreshToken),

    /** Revokes the log-in the refresh token belongs to. Logging out twice is fine; a forged token is a 401. */
    logout: (refreshToken: string): Promise<void> => sessions.end(refreshToken),
  }
}
export type AuthService = ReturnType<typeof createAuthService>
