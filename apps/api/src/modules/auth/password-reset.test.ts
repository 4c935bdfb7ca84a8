import { and, eq } from 'drizzle-orm'
import { eventually, type TestApp } from '../../../test/build-test-app.js'
import { createSeller, createSellerSession } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { emails } from '../../mail/mail-tables.js'
import { passwordResets } from './auth-tables.js'
import { resetLinkProblems, resetRequestLimits } from './password-reset-service.js'

const post = (ctx: TestApp, url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.inject({ method: 'POST', url: `/api/v1/authentication/${url}`, payload, headers })
const read = (ctx: TestApp, access: string) =>
  ctx.inject({ method: 'GET', url: '/api/v1/getting-started/', headers: { authorization: `Bearer ${access}` } })
const mailsOf = (ctx: TestApp, to: string, kind: string) =>
  ctx.db
    .select()
    .from(emails)
    .where(and(eq(emails.to, to), eq(emails.kind, kind)))
/** The link of the newest reset email to `to`, once it is stored. */
async function resetLink(ctx: TestApp, to: string, count = 1): Promise<URL> {
  const mails = await eventually(async () => {
    const found = await mailsOf(ctx, to, 'password-reset')
    return found.length >= count && found
  })
  const text = mails.at(-1)?.text ?? ''
  return new URL(text.match(/https?:\/\/\S+/)?.[0] ?? '')
}
const logIn = (ctx: TestApp, email: string, password: string) => post(ctx, 'token/', { email, password })

describe('password reset (decision D32)', () => {
  test('answers the same for an email with and without an account, and emails a one-hour link only to the account', async ({ app }) => {
    const { seller } = await createSeller(app)
    const known = await post(app, 'password-reset/', { email: seller.email.toUpperCase() })
    const unknown = await post(app, 'password-reset/', { email: 'nobody@example.com' })
    expect(known.statusCode).toBe(202)
    expect(unknown.statusCode).toBe(202)
    expect(known.json()).toEqual(unknown.json())

    const link = await resetLink(app, seller.email)
    expect(link.origin + link.pathname).toBe('http://funnelry.test/reset-password')
    const token = link.searchParams.get('token') ?? ''
    expect(token.length).toBeGreaterThan(30)
    // Only the hash is kept: the token itself is nowhere in the database.
    const [row] = await app.db.select().from(passwordResets)
    expect(row?.tokenHash).not.toContain(token)
    expect(row?.expiresAt.getTime()).toBe(app.clock.now().getTime() + 60 * 60 * 1000)
    expect(await mailsOf(app, 'nobody@example.com', 'password-reset')).toEqual([])
  })

  test('a new password works, the old one not, every log-in ends, the seller is told, and the link works once', async ({ app }) => {
    const session = await createSellerSession(app)
    await post(app, 'password-reset/', { email: session.seller.email })
    const token = (await resetLink(app, session.seller.email)).searchParams.get('token') ?? ''

    const confirm = { token, password: 'a brand new secret', confirmed_password: 'a brand new secret' }
    expect((await post(app, 'password-reset/confirm/', confirm)).statusCode).toBe(204)
    expect((await read(app, session.access)).statusCode).toBe(401)
    expect((await post(app, 'token/refresh/', { refresh: session.refresh })).statusCode).toBe(401)
    expect((await logIn(app, session.seller.email, session.password)).statusCode).toBe(400)
    expect((await logIn(app, session.seller.email, 'a brand new secret')).statusCode).toBe(200)
    expect((await mailsOf(app, session.seller.email, 'account-security')).map((mail) => mail.subject)).toEqual([
      'Your Funnelry password was changed',
    ])

    const again = await post(app, 'password-reset/confirm/', { ...confirm, password: 'another one!', confirmed_password: 'another one!' })
    expect(again.statusCode).toBe(400)
    expect(again.json()).toMatchObject({ token: [resetLinkProblems.used] })
  })

  test('an expired or unknown link says so, and a short or mismatched password is refused before anything', async ({ app }) => {
    const { seller } = await createSeller(app)
    await post(app, 'password-reset/', { email: seller.email })
    const token = (await resetLink(app, seller.email)).searchParams.get('token') ?? ''

    const short = await post(app, 'password-reset/confirm/', { token, password: 'short', confirmed_password: 'short' })
    expect(short.json()).toMatchObject({ password: ['Use at least 8 characters.'] })
    const mismatch = await post(app, 'password-reset/confirm/', { token, password: 'long enough 1', confirmed_password: 'long enough 2' })
    expect(mismatch.json()).toMatchObject({ confirmed_password: ['Passwords must match'] })

    const unknown = await post(app, 'password-reset/confirm/', {
      token: 'made-up',
      password: 'long enough 1',
      confirmed_password: 'long enough 1',
    })
    expect(unknown.json()).toMatchObject({ token: [resetLinkProblems.unknown] })
    app.clock.advance(60 * 60 * 1000 + 1)
    const expired = await post(app, 'password-reset/confirm/', { token, password: 'long enough 1', confirmed_password: 'long enough 1' })
    expect(expired.statusCode).toBe(400)
    expect(expired.json()).toMatchObject({ token: [resetLinkProblems.expired] })
  })

  test('requests are limited per email, whether or not it has an account, with the wait in words', async ({ app }) => {
    for (let i = 0; i < resetRequestLimits.perEmail.max; i++) {
      expect((await post(app, 'password-reset/', { email: 'nobody@example.com' })).statusCode).toBe(202)
    }
    const limited = await post(app, 'password-reset/', { email: 'Nobody@example.com' })
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toEqual({ detail: 'Too many reset requests for this email. Please wait 60 minutes and try again.' })
    expect(limited.headers['retry-after']).toBe('3600')
    expect((await post(app, 'password-reset/', { email: 'someone-else@example.com' })).statusCode).toBe(202)
  })

  test('requests are limited per address across emails', async ({ app }) => {
    for (let i = 0; i < resetRequestLimits.perAddress.max; i++) {
      expect((await post(app, 'password-reset/', { email: `n${i}@example.com` })).statusCode).toBe(202)
    }
    const limited = await post(app, 'password-reset/', { email: 'one-more@example.com' })
    expect(limited.statusCode).toBe(429)
    expect(limited.json().detail).toMatch(/^Too many reset requests from your network\. Please wait/)
  })
})

describe('password change and log-out everywhere (decision D32)', () => {
  test('a change needs the current password, keeps this log-in and ends the others', async ({ app }) => {
    const session = await createSellerSession(app)
    const other = (await logIn(app, session.seller.email, session.password)).json() as { access: string }
    const headers = session.headers

    const wrong = await post(
      app,
      'password/',
      { current_password: 'not it', password: 'new secret 123', confirmed_password: 'new secret 123' },
      headers,
    )
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toMatchObject({ current_password: ['The current password is incorrect.'] })
    expect((await read(app, other.access)).statusCode).toBe(200)

    const change = { current_password: session.password, password: 'new secret 123', confirmed_password: 'new secret 123' }
    expect((await post(app, 'password/', change, headers)).statusCode).toBe(204)
    expect((await read(app, session.access)).statusCode).toBe(200)
    expect((await read(app, other.access)).statusCode).toBe(401)
    expect((await logIn(app, session.seller.email, 'new secret 123')).statusCode).toBe(200)
    expect(await mailsOf(app, session.seller.email, 'account-security')).toHaveLength(1)
    expect((await post(app, 'password/', change)).statusCode).toBe(401)
  })

  test('log-out everywhere ends every log-in, this one included', async ({ app }) => {
    const session = await createSellerSession(app)
    const other = (await logIn(app, session.seller.email, session.password)).json() as { access: string }
    expect((await post(app, 'log-out-everywhere/', {}, session.headers)).statusCode).toBe(204)
    expect((await read(app, session.access)).statusCode).toBe(401)
    expect((await read(app, other.access)).statusCode).toBe(401)
  })
})
