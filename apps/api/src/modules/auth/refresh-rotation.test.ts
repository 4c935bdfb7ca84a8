import { eq } from 'drizzle-orm'
import { decodeJwt } from 'jose'
import type { TestApp } from '../../../test/build-test-app.js'
import { createSeller } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { firstRow } from '../../db/first-row.js'
import { refreshTokens } from './auth-tables.js'
import { rotationGraceSeconds } from './refresh-rotation.js'

const loginUrl = '/api/v1/authentication/token/'
const refreshUrl = '/api/v1/authentication/token/refresh/'
const logoutUrl = '/api/v1/authentication/logout/'
const sessionExpired = { detail: 'Your session has expired. Please log in again.' }

describe('refresh-token rotation', () => {
  let ctx: TestApp
  test.beforeEach(async ({ app }) => {
    ctx = app
  })

  const post = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, payload })
  const jtiOf = (token: string) => String(decodeJwt(token).jti)

  const logIn = async () => {
    const { seller, password } = await createSeller(ctx)
    const response = await post(loginUrl, { email: seller.email, password })
    return { seller, ...(response.json() as { access: string; refresh: string }) }
  }
  const refresh = async (token: string) => {
    const response = await post(refreshUrl, { refresh: token })
    return { status: response.statusCode, body: response.json() as { access: string; refresh: string } }
  }
  const familyRows = async (token: string) => {
    const row = await firstRow(
      ctx.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.id, jtiOf(token))),
    )
    return ctx.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, row?.familyId ?? ''))
  }

  test('spends the refresh token: the next refresh uses the new one, and so on', async () => {
    const session = await logIn()
    const second = await refresh(session.refresh)
    expect(second.status).toBe(200)
    const third = await refresh(second.body.refresh)
    expect(third.status).toBe(200)
    expect(new Set([jtiOf(session.refresh), jtiOf(second.body.refresh), jtiOf(third.body.refresh)]).size).toBe(3)
    expect(await ctx.tokens.verifyAccess(third.body.access)).toMatchObject({ user_id: session.seller.id })
  })

  test('revokes the whole family when a spent token comes back after the grace period', async () => {
    const session = await logIn()
    const other = await logIn()
    const renewed = await refresh(session.refresh)
    const latest = await refresh(renewed.body.refresh)

    ctx.clock.advance((rotationGraceSeconds + 1) * 1000)
    // A stolen copy of the first token is replayed: it is refused, and so is everything after it.
    const replay = await refresh(session.refresh)
    expect(replay.status).toBe(401)
    expect(replay.body).toEqual(sessionExpired)
    const owner = await refresh(latest.body.refresh)
    expect(owner.status).toBe(401)
    expect((await familyRows(session.refresh)).every((row) => row.revokedAt !== null)).toBe(true)

    // Another log-in (another device) is not touched.
    expect((await refresh(other.refresh)).status).toBe(200)
  })

  test('answers a spent token within the grace period with the family current token (two tabs at once)', async () => {
    const session = await logIn()
    const firstTab = await refresh(session.refresh)
    ctx.clock.advance((rotationGraceSeconds - 5) * 1000)
    const secondTab = await refresh(session.refresh)
    expect(secondTab.status).toBe(200)
    expect(jtiOf(secondTab.body.refresh)).toBe(jtiOf(firstTab.body.refresh))
    // Both tabs carry on with the same token; nothing was revoked.
    expect((await refresh(firstTab.body.refresh)).status).toBe(200)
  })

  test('gives concurrent refreshes with one token the same successor, and creates exactly one', async () => {
    const session = await logIn()
    const answers = await Promise.all(Array.from({ length: 5 }, () => refresh(session.refresh)))
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200])
    expect(new Set(answers.map((answer) => jtiOf(answer.body.refresh))).size).toBe(1)
    expect(await familyRows(session.refresh)).toHaveLength(2)
  })

  test('ends the whole log-in on log-out, whichever of its tokens is sent', async () => {
    const session = await logIn()
    const renewed = await refresh(session.refresh)
    expect((await post(logoutUrl, { refresh: renewed.body.refresh })).statusCode).toBe(200)
    expect((await refresh(renewed.body.refresh)).status).toBe(401)
    expect((await refresh(session.refresh)).status).toBe(401)
  })

  test('answers 401, not 500, to a validly signed refresh token whose ids are not UUIDs', async () => {
    const session = await logIn()
    for (const [userId, jti] of [
      ['not-a-uuid', jtiOf(session.refresh)],
      [session.seller.id, 'not-a-uuid'],
    ] as const) {
      const token = await ctx.tokens.signRefresh(userId, jti)
      const response = await refresh(token)
      expect(response.status).toBe(401)
      expect((await post(logoutUrl, { refresh: token })).statusCode).toBe(401)
    }
  })
})
