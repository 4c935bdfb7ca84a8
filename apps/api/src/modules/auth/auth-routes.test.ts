import { messages } from '@funnelry/shared'
import { eq } from 'drizzle-orm'
import { decodeJwt, SignJWT } from 'jose'
import type { TestApp } from '../../../test/build-test-app.js'
import { createSeller } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { firstRow } from '../../db/first-row.js'
import { refreshTokens } from './auth-tables.js'

const loginUrl = '/api/v1/authentication/token/'
const refreshUrl = '/api/v1/authentication/token/refresh/'
const logoutUrl = '/api/v1/authentication/logout/'

const wrongCredentials = 'The email address or password is incorrect.'
const sessionExpired = 'Your session has expired. Please log in again.'

/** Signs a refresh-shaped token with a key the server does not know. */
const forgedRefresh = (userId: string, jti: string) =>
  new SignJWT({ user_id: userId, token_type: 'refresh' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setJti(jti)
    .setIssuedAt()
    .setExpirationTime('7d')
    .sign(new TextEncoder().encode('another-secret-that-is-also-long-enough-for-hs256'))

describe('authentication routes', () => {
  let ctx: TestApp
  test.beforeEach(async ({ app }) => {
    ctx = app
  })

  const post = (url: string, payload: unknown) => ctx.app.inject({ method: 'POST', url, payload: payload as object })

  const logIn = async (email: string, password: string) => {
    const response = await post(loginUrl, { email, password })
    expect(response.statusCode).toBe(200)
    return response.json() as { access: string; refresh: string }
  }

  describe('POST /authentication/token/', () => {
    test('answers an access and a refresh token whose claims follow decision D4', async () => {
      const { seller, password } = await createSeller(ctx, { full_name: 'Ada Lovelace' })
      const response = await post(loginUrl, { email: seller.email, password })

      expect(response.statusCode).toBe(200)
      const body = response.json() as { access: string; refresh: string }
      expect(Object.keys(body).sort()).toEqual(['access', 'refresh'])

      const access = decodeJwt(body.access)
      expect(access).toMatchObject({ user_id: seller.id, full_name: 'Ada Lovelace', email: seller.email, token_type: 'access' })
      expect(access.email).not.toBe(access.full_name)
      const issuedAt = Math.floor(ctx.clock.now().getTime() / 1000)
      expect(access.iat).toBe(issuedAt)
      expect(access.exp).toBe(issuedAt + 15 * 60)

      const refresh = decodeJwt(body.refresh)
      expect(refresh).toMatchObject({ user_id: seller.id, token_type: 'refresh' })
      expect(refresh.exp).toBe(issuedAt + 7 * 24 * 60 * 60)
      // The refresh token's jti is its row: that is what logging out revokes.
      const row = await firstRow(
        ctx.db
          .select()
          .from(refreshTokens)
          .where(eq(refreshTokens.id, String(refresh.jti))),
      )
      expect(row).toMatchObject({ sellerId: seller.id, revokedAt: null })
      expect(row?.expiresAt.getTime()).toBe(ctx.clock.now().getTime() + 7 * 24 * 60 * 60 * 1000)
    })

    test('accepts the email in any case and with surrounding spaces', async () => {
      const { seller, password } = await createSeller(ctx)
      const response = await post(loginUrl, { email: `  ${seller.email.toUpperCase()} `, password })
      expect(response.statusCode).toBe(200)
      expect(decodeJwt((response.json() as { access: string }).access).user_id).toBe(seller.id)
    })

    test('refuses a wrong password with a non-field error', async () => {
      const { seller } = await createSeller(ctx)
      const response = await post(loginUrl, { email: seller.email, password: 'not the password' })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ detail: expect.any(String), non_field_errors: [wrongCredentials] })
    })

    test('answers an unknown email exactly like a wrong password', async () => {
      const response = await post(loginUrl, { email: 'nobody-here@example.com', password: 'whatever password' })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ detail: expect.any(String), non_field_errors: [wrongCredentials] })
    })

    test('asks for the missing fields with the spec messages', async () => {
      const response = await post(loginUrl, {})
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({
        detail: expect.any(String),
        email: [messages.emailRequired],
        password: [messages.passwordRequired],
      })
    })

    test('treats empty and blank fields as missing', async () => {
      const response = await post(loginUrl, { email: '   ', password: '' })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({
        detail: expect.any(String),
        email: [messages.emailRequired],
        password: [messages.passwordRequired],
      })
    })

    test('refuses a malformed email with "Invalid email"', async () => {
      const response = await post(loginUrl, { email: 'not-an-email', password: 'something' })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ detail: expect.any(String), email: [messages.invalidEmail] })
    })
  })

  describe('POST /authentication/token/refresh/', () => {
    test('answers a new access token for the same seller, and a new refresh token', async () => {
      const { seller, password } = await createSeller(ctx, { full_name: 'Grace Hopper' })
      const { refresh } = await logIn(seller.email, password)
      ctx.clock.advance(20 * 60 * 1000)

      const response = await post(refreshUrl, { refresh })
      expect(response.statusCode).toBe(200)
      const body = response.json() as { access: string; refresh: string }
      expect(Object.keys(body).sort()).toEqual(['access', 'refresh'])
      expect(decodeJwt(body.refresh).jti).not.toBe(decodeJwt(refresh).jti)
      const claims = decodeJwt(body.access)
      expect(claims).toMatchObject({ user_id: seller.id, full_name: 'Grace Hopper', email: seller.email, token_type: 'access' })
      expect(claims.exp).toBe(Math.floor(ctx.clock.now().getTime() / 1000) + 15 * 60)
      // The new access token opens what the first one did.
      // `sid` names the log-in the token belongs to (docs/decisions/session-revocation.md).
      expect(await ctx.tokens.verifyAccess(body.access)).toEqual({
        user_id: seller.id,
        full_name: 'Grace Hopper',
        email: seller.email,
        sid: expect.any(String),
      })
    })

    test('refuses a token signed with another secret', async () => {
      const { seller, password } = await createSeller(ctx)
      const { refresh } = await logIn(seller.email, password)
      const forged = await forgedRefresh(seller.id, String(decodeJwt(refresh).jti))

      const response = await post(refreshUrl, { refresh: forged })
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({ detail: sessionExpired })
    })

    test('refuses an access token passed as a refresh token', async () => {
      const { seller, password } = await createSeller(ctx)
      const { access } = await logIn(seller.email, password)
      const response = await post(refreshUrl, { refresh: access })
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({ detail: sessionExpired })
    })

    test('refuses something that is not a token at all', async () => {
      const response = await post(refreshUrl, { refresh: 'not.a.token' })
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({ detail: sessionExpired })
    })

    test('refuses a refresh token once its 7 days are over; each refresh gives 7 days from then', async () => {
      const { seller, password } = await createSeller(ctx)
      const unused = await logIn(seller.email, password)
      const { refresh } = await logIn(seller.email, password)

      ctx.clock.advance(7 * 24 * 60 * 60 * 1000 - 60 * 1000)
      const renewed = await post(refreshUrl, { refresh })
      expect(renewed.statusCode).toBe(200)
      const next = renewed.json().refresh as string
      expect(decodeJwt(next).exp).toBe(Math.floor(ctx.clock.now().getTime() / 1000) + 7 * 24 * 60 * 60)

      ctx.clock.advance(2 * 60 * 1000)
      const response = await post(refreshUrl, { refresh: unused.refresh })
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({ detail: sessionExpired })
      expect((await post(refreshUrl, { refresh: next })).statusCode).toBe(200)
    })

    test('refuses a refresh token once its seller is gone', async () => {
      const { seller, password } = await createSeller(ctx)
      const { refresh } = await logIn(seller.email, password)
      await ctx.pool.query('delete from sellers where id = $1', [seller.id])
      const response = await post(refreshUrl, { refresh })
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({ detail: sessionExpired })
    })

    test('asks for a missing refresh token', async () => {
      const response = await post(refreshUrl, {})
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ detail: expect.any(String), refresh: [messages.required] })
    })
  })

  describe('POST /authentication/logout/', () => {
    test('revokes the refresh token, and logging out twice is fine', async () => {
      const { seller, password } = await createSeller(ctx)
      const { refresh } = await logIn(seller.email, password)

      const first = await post(logoutUrl, { refresh })
      expect(first.statusCode).toBe(200)
      expect(first.json()).toEqual({ detail: 'Logged out.' })

      const row = await firstRow(
        ctx.db
          .select()
          .from(refreshTokens)
          .where(eq(refreshTokens.id, String(decodeJwt(refresh).jti))),
      )
      expect(row?.revokedAt).toBeInstanceOf(Date)

      const afterwards = await post(refreshUrl, { refresh })
      expect(afterwards.statusCode).toBe(401)
      expect(afterwards.json()).toEqual({ detail: sessionExpired })

      const again = await post(logoutUrl, { refresh })
      expect(again.statusCode).toBe(200)
      // Logging out again keeps the first revocation time.
      const unchanged = await firstRow(
        ctx.db
          .select()
          .from(refreshTokens)
          .where(eq(refreshTokens.id, String(decodeJwt(refresh).jti))),
      )
      expect(unchanged?.revokedAt).toEqual(row?.revokedAt)
    })

    test('revokes only the session it is given', async () => {
      const { seller, password } = await createSeller(ctx)
      const phone = await logIn(seller.email, password)
      const laptop = await logIn(seller.email, password)

      expect((await post(logoutUrl, { refresh: phone.refresh })).statusCode).toBe(200)
      expect((await post(refreshUrl, { refresh: phone.refresh })).statusCode).toBe(401)
      expect((await post(refreshUrl, { refresh: laptop.refresh })).statusCode).toBe(200)
    })

    test('refuses a forged token and revokes nothing', async () => {
      const { seller, password } = await createSeller(ctx)
      const { refresh } = await logIn(seller.email, password)
      const forged = await forgedRefresh(seller.id, String(decodeJwt(refresh).jti))

      const response = await post(logoutUrl, { refresh: forged })
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({ detail: sessionExpired })
      expect((await post(refreshUrl, { refresh })).statusCode).toBe(200)
    })

    test('refuses an access token passed as the refresh token', async () => {
      const { seller, password } = await createSeller(ctx)
      const { access } = await logIn(seller.email, password)
      const response = await post(logoutUrl, { refresh: access })
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({ detail: sessionExpired })
    })
  })
})
