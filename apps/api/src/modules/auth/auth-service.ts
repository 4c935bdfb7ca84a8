import type { TokenPair } from '@funnelry/shared'
import { verify } from '@node-rs/argon2'
import type { Database } from '../../db/client.js'
import { AuthenticationError, ValidationError } from '../../lib/errors.js'
import { refreshTokenSeconds, type TokenSigner } from '../../lib/tokens.js'
import { sellerRepository } from '../sellers/seller-repository.js'
import { hashPassword } from '../sellers/seller-service.js'
import { refreshTokenRepository } from './refresh-token-repository.js'

const wrongCredentials = 'The email address or password is incorrect.'
const invalidRefresh = 'Your session has expired. Please log in again.'

// Verifying against a real hash when the email is unknown keeps the response time from telling
// an attacker which emails have accounts.
let decoyHash: Promise<string> | undefined
const getDecoyHash = () => {
  decoyHash ??= hashPassword('decoy password that never matches')
  return decoyHash
}

export function createAuthService({ db, tokens, now }: { db: Database; tokens: TokenSigner; now: () => Date }) {
  return {
    async login(email: string, password: string): Promise<TokenPair> {
      const seller = await sellerRepository.findByEmail(db, email.trim())
      const matches = await verify(seller?.passwordHash ?? (await getDecoyHash()), password).catch(() => false)
      if (!seller || !matches) throw ValidationError.nonField(wrongCredentials)
      const jti = await refreshTokenRepository.insert(db, seller.id, new Date(now().getTime() + refreshTokenSeconds * 1000))
      const [access, refresh] = await Promise.all([
        tokens.signAccess({ user_id: seller.id, full_name: seller.fullName, email: seller.email }),
        tokens.signRefresh(seller.id, jti),
      ])
      return { access, refresh }
    },

    async refresh(refreshToken: string): Promise<{ access: string }> {
      const claims = await tokens.verifyRefresh(refreshToken)
      if (!claims) throw new AuthenticationError(invalidRefresh)
      const stored = await refreshTokenRepository.findById(db, claims.jti)
      if (!stored || stored.revokedAt || stored.sellerId !== claims.user_id || stored.expiresAt <= now()) {
        throw new AuthenticationError(invalidRefresh)
      }
      const seller = await sellerRepository.findById(db, stored.sellerId)
      if (!seller) throw new AuthenticationError(invalidRefresh)
      return { access: await tokens.signAccess({ user_id: seller.id, full_name: seller.fullName, email: seller.email }) }
    },

    /** Revokes the refresh token. Logging out twice is fine; a forged token is a 401. */
    async logout(refreshToken: string): Promise<void> {
      const claims = await tokens.verifyRefresh(refreshToken)
      if (!claims) throw new AuthenticationError(invalidRefresh)
      await refreshTokenRepository.revoke(db, claims.jti, now())
    },
  }
}
export type AuthService = ReturnType<typeof createAuthService>
