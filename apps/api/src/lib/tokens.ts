import { type AccessClaims, accessClaimsSchema } from '@funnelry/shared'
import { errors, jwtVerify, SignJWT } from 'jose'
import { z } from 'zod'

export const accessTokenSeconds = 15 * 60
export const refreshTokenSeconds = 7 * 24 * 60 * 60

/**
 * Ids in tokens are UUIDs (seller and refresh-token rows): a token signed with the right key but
 * carrying anything else is refused here, before any query could choke on it.
 */
const refreshClaimsSchema = z.object({ user_id: z.guid(), jti: z.guid() })
/**
 * `sid` names the log-in (the refresh-token family) an access token was issued in: the server
 * refuses the token as soon as that log-in ends (modules/auth/log-ins.ts). The browser does not
 * read it, so it is not part of the shared claims.
 */
const verifiedAccessClaimsSchema = accessClaimsSchema.extend({ user_id: z.guid(), sid: z.guid() })
export type RefreshClaims = z.infer<typeof refreshClaimsSchema>
export type VerifiedAccessClaims = z.infer<typeof verifiedAccessClaimsSchema>

/** Signs and checks the two JWT kinds; `token_type` keeps one from passing for the other. */
export function createTokenSigner(secret: string, now: () => Date = () => new Date()) {
  const key = new TextEncoder().encode(secret)
  const issuedAt = () => Math.floor(now().getTime() / 1000)

  const sign = (claims: Record<string, unknown>, type: 'access' | 'refresh', lifetime: number, jti: string) => {
    const iat = issuedAt()
    return new SignJWT({ ...claims, token_type: type })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setJti(jti)
      .setIssuedAt(iat)
      .setExpirationTime(iat + lifetime)
      .sign(key)
  }

  const verify = async (token: string, type: 'access' | 'refresh') => {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now() })
      return payload.token_type === type ? payload : null
    } catch (error) {
      if (error instanceof errors.JOSEError) return null
      throw error
    }
  }

  return {
    /** An access token of the log-in `logInId` (its refresh-token family). */
    signAccess: (claims: AccessClaims, logInId: string) =>
      sign({ ...claims, sid: logInId }, 'access', accessTokenSeconds, crypto.randomUUID()),
    signRefresh: (userId: string, jti: string) => sign({ user_id: userId }, 'refresh', refreshTokenSeconds, jti),
    async verifyAccess(token: string): Promise<VerifiedAccessClaims | null> {
      const parsed = verifiedAccessClaimsSchema.safeParse(await verify(token, 'access'))
      return parsed.success ? parsed.data : null
    },
    async verifyRefresh(token: string): Promise<RefreshClaims | null> {
      const parsed = refreshClaimsSchema.safeParse(await verify(token, 'refresh'))
      return parsed.success ? parsed.data : null
    },
  }
}
export type TokenSigner = ReturnType<typeof createTokenSigner>
