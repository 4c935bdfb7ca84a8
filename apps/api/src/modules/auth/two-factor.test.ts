import { and, eq } from 'drizzle-orm'
import type { TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { codeFor } from '../../../test/rfc6238.js'
import { emails } from '../../mail/mail-tables.js'
import { recoveryCodes, twoFactorSecrets } from './auth-tables.js'
import { codeAttemptLimit, twoFactorMessages } from './two-factor-service.js'

type Session = Awaited<ReturnType<typeof createSellerSession>>
const post = (ctx: TestApp, url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.inject({ method: 'POST', url: `/api/v1/authentication/${url}`, payload, headers })
const logIn = (ctx: TestApp, session: Session, otp?: string) =>
  post(ctx, 'token/', { email: session.seller.email, password: session.password, ...(otp === undefined ? {} : { otp }) })

/** Sets two-factor up as a person does: scan, type the app's code, keep the recovery codes. */
async function enableTwoFactor(ctx: TestApp, session: Session) {
  const setup = (await post(ctx, 'two-factor/setup/', {}, session.headers)).json() as { secret: string; otpauth_url: string }
  const enabled = await post(ctx, 'two-factor/enable/', { code: codeFor(setup.secret, ctx.clock.now()) }, session.headers)
  expect(enabled.statusCode).toBe(200)
  return {
    secret: setup.secret,
    otpauthUrl: setup.otpauth_url,
    recoveryCodes: (enabled.json() as { recovery_codes: string[] }).recovery_codes,
  }
}
/** The next 30-second step, so that a fresh code is not one already used. */
const nextStep = (ctx: TestApp) => ctx.clock.advance(30_000)

describe('two-factor log-in (decision D33)', () => {
  test('set-up gives an otpauth URL and is off until a code confirms it; then log-in asks for a code', async ({ app }) => {
    const session = await createSellerSession(app)
    const setup = await post(app, 'two-factor/setup/', {}, session.headers)
    const { secret, otpauth_url } = setup.json() as { secret: string; otpauth_url: string }
    expect(new URL(otpauth_url).searchParams.get('secret')).toBe(secret)
    expect((await logIn(app, session)).statusCode).toBe(200)
    const status = await app.inject({ method: 'GET', url: '/api/v1/authentication/two-factor/', headers: session.headers })
    expect(status.json()).toEqual({ enabled: false })

    const wrong = await post(
      app,
      'two-factor/enable/',
      { code: '000000' === codeFor(secret, app.clock.now()) ? '111111' : '000000' },
      session.headers,
    )
    expect(wrong.json()).toMatchObject({ code: [twoFactorMessages.wrongCode] })
    const enabled = await post(app, 'two-factor/enable/', { code: codeFor(secret, app.clock.now()) }, session.headers)
    const codes = (enabled.json() as { recovery_codes: string[] }).recovery_codes
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)

    const asked = await logIn(app, session)
    expect(asked.statusCode).toBe(401)
    expect(asked.json()).toEqual({ detail: twoFactorMessages.codeRequired, otp_required: true })
    const kinds = await app.db
      .select()
      .from(emails)
      .where(and(eq(emails.to, session.seller.email), eq(emails.kind, 'account-security')))
    expect(kinds.map((mail) => mail.subject)).toEqual(['Two-factor log-in was turned on'])
  })

  test('a code works once, within one step either side; the secret and recovery codes are not stored readable', async ({ app }) => {
    const session = await createSellerSession(app)
    const { secret, recoveryCodes: codes } = await enableTwoFactor(app, session)
    nextStep(app)
    const code = codeFor(secret, app.clock.now())
    expect((await logIn(app, session, code)).statusCode).toBe(200)
    const replay = await logIn(app, session, code)
    expect(replay.statusCode).toBe(401)
    expect(replay.json()).toEqual({ detail: twoFactorMessages.wrongCode, otp_required: true })

    // The app's clock 30 s ahead is fine; 60 s is not.
    expect((await logIn(app, session, codeFor(secret, new Date(app.clock.now().getTime() + 30_000)))).statusCode).toBe(200)
    app.clock.advance(90_000)
    expect((await logIn(app, session, codeFor(secret, new Date(app.clock.now().getTime() + 60_000)))).statusCode).toBe(401)

    const [stored] = await app.db.select().from(twoFactorSecrets)
    expect(stored?.encryptedSecret).not.toContain(secret)
    const hashes = (await app.db.select().from(recoveryCodes)).map((row) => row.codeHash)
    for (const each of codes) expect(hashes.join()).not.toContain(each.replace('-', ''))
  })

  test('a recovery code logs in once, typed with any case and spacing', async ({ app }) => {
    const session = await createSellerSession(app)
    const { recoveryCodes: codes } = await enableTwoFactor(app, session)
    const [first = '', second = ''] = codes
    expect((await logIn(app, session, ` ${first.toUpperCase()} `)).statusCode).toBe(200)
    expect((await logIn(app, session, first)).statusCode).toBe(401)
    expect((await logIn(app, session, second.replace('-', ''))).statusCode).toBe(200)
  })

  test('wrong codes are limited per account, with the wait in words; the right password alone never passes', async ({ app }) => {
    const session = await createSellerSession(app)
    const { secret } = await enableTwoFactor(app, session)
    const wrong = codeFor(secret, new Date(app.clock.now().getTime() + 10 * 60_000))
    for (let i = 0; i < codeAttemptLimit.max; i++) expect((await logIn(app, session, wrong)).statusCode).toBe(401)
    nextStep(app)
    const limited = await logIn(app, session, codeFor(secret, app.clock.now()))
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toEqual({
      detail: expect.stringMatching(/^Too many wrong codes for this account\. Please wait \d+ minutes and try again\.$/),
    })
    app.clock.advance(codeAttemptLimit.windowMs)
    expect((await logIn(app, session, codeFor(secret, app.clock.now()))).statusCode).toBe(200)
  })

  test('turning it off needs the password and a code; then log-in asks for the password only', async ({ app }) => {
    const session = await createSellerSession(app)
    const { secret } = await enableTwoFactor(app, session)
    nextStep(app)
    const code = codeFor(secret, app.clock.now())
    const noPassword = await post(app, 'two-factor/disable/', { password: 'not it', code }, session.headers)
    expect(noPassword.json()).toMatchObject({ password: [twoFactorMessages.wrongPassword] })
    const noCode = await post(app, 'two-factor/disable/', { password: session.password, code: '12345' }, session.headers)
    expect(noCode.json()).toMatchObject({ code: [twoFactorMessages.wrongCode] })
    expect((await post(app, 'two-factor/setup/', {}, session.headers)).statusCode).toBe(409)

    expect((await post(app, 'two-factor/disable/', { password: session.password, code }, session.headers)).statusCode).toBe(204)
    expect((await logIn(app, session)).statusCode).toBe(200)
    expect(await app.db.select().from(recoveryCodes)).toEqual([])
    const subjects = (await app.db.select().from(emails).where(eq(emails.kind, 'account-security'))).map((mail) => mail.subject)
    expect(subjects.sort()).toEqual(['Two-factor log-in was turned off', 'Two-factor log-in was turned on'])
  })
})
