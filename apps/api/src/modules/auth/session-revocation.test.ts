import { createTestApp, eventually, type TestApp } from '../../../test/build-test-app.js'
import { createSellerSession } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { createSellerChanges } from '../../lib/seller-changes.js'
import { createLogIns } from './log-ins.js'

/**
 * Issue 23 point 1: an access token ends with its log-in, on every process. A second app on the
 * same database stands for another process (its own memory, its own notification listener).
 */
describe('access tokens end with their log-in', () => {
  let ctx: TestApp
  let other: TestApp
  test.beforeEach(async ({ app, db, onTestFinished }) => {
    ctx = app
    other = await createTestApp({ database: db })
    onTestFinished(() => other.close())
  })

  const read = (app: TestApp, access: string) =>
    app.inject({ method: 'GET', url: '/api/v1/getting-started/', headers: { authorization: `Bearer ${access}` } })
  const refresh = (refreshToken: string) =>
    ctx.inject({ method: 'POST', url: '/api/v1/authentication/token/refresh/', payload: { refresh: refreshToken } })
  /** Refused by a process that heard of the end through the database, not from this request. */
  const refusedBy = (app: TestApp, access: string) => eventually(async () => (await read(app, access)).statusCode === 401)

  test('log-out ends the access token at once where it happened, and on the other process', async () => {
    const session = await createSellerSession(ctx)
    // Both processes have seen the log-in live: the state each keeps in memory must change.
    expect((await read(ctx, session.access)).statusCode).toBe(200)
    expect((await read(other, session.access)).statusCode).toBe(200)

    const logout = await ctx.inject({ method: 'POST', url: '/api/v1/authentication/logout/', payload: { refresh: session.refresh } })
    expect(logout.statusCode).toBe(200)

    const here = await read(ctx, session.access)
    expect(here.statusCode).toBe(401)
    expect(here.json()).toEqual({ detail: 'Your session has expired or is not valid. Please log in again.' })
    await refusedBy(other, session.access)
  })

  test('a refresh token used again ends every access token of the log-in, and no other log-in', async () => {
    const session = await createSellerSession(ctx)
    const elsewhere = await ctx.inject({
      method: 'POST',
      url: '/api/v1/authentication/token/',
      payload: { email: session.seller.email, password: session.password },
    })
    const otherDevice = (elsewhere.json() as { access: string }).access
    const rotated = (await refresh(session.refresh)).json() as { access: string; refresh: string }
    for (const access of [session.access, rotated.access, otherDevice]) expect((await read(other, access)).statusCode).toBe(200)

    // Past the grace period, the spent token coming back is a stolen copy.
    ctx.clock.advance(31_000)
    expect((await refresh(session.refresh)).statusCode).toBe(401)

    for (const access of [session.access, rotated.access]) {
      expect((await read(ctx, access)).statusCode).toBe(401)
      await refusedBy(other, access)
    }
    expect((await read(ctx, otherDevice)).statusCode).toBe(200)
    expect((await read(other, otherDevice)).statusCode).toBe(200)
  })

  test('ending every log-in of a seller but one (log out everywhere, a password change) ends their tokens', async () => {
    const kept = await createSellerSession(ctx)
    const login = async () =>
      (
        (
          await ctx.inject({
            method: 'POST',
            url: '/api/v1/authentication/token/',
            payload: { email: kept.seller.email, password: kept.password },
          })
        ).json() as {
          access: string
        }
      ).access
    const [first, second] = [await login(), await login()]
    const stranger = await createSellerSession(ctx)
    for (const access of [kept.access, first, second, stranger.access]) expect((await read(other, access)).statusCode).toBe(200)

    // The service issue 25's calls will use, here from a third process of its own.
    const logIns = createLogIns({
      db: ctx.db,
      now: ctx.clock.now,
      changes: createSellerChanges({ connectionString: ctx.config.DATABASE_URL }),
    })
    await logIns.endAll(kept.seller.id, { except: (await ctx.tokens.verifyAccess(kept.access))?.sid })

    for (const access of [first, second]) {
      expect((await read(ctx, access)).statusCode).toBe(401)
      await refusedBy(other, access)
    }
    expect((await read(other, kept.access)).statusCode).toBe(200)
    expect((await read(other, stranger.access)).statusCode).toBe(200)
  })

  test('a token naming another seller’s log-in is refused', async () => {
    const alice = await createSellerSession(ctx)
    const bob = await createSellerSession(ctx)
    const aliceLogIn = (await ctx.tokens.verifyAccess(alice.access))?.sid ?? ''
    const forged = await ctx.tokens.signAccess({ user_id: bob.seller.id, full_name: 'Bob', email: bob.seller.email }, aliceLogIn)
    expect((await read(ctx, forged)).statusCode).toBe(401)
  })
})

describe('while a process cannot hear the database’s notifications', () => {
  test('it reads each log-in from the database, so an end is never missed', async ({ db, onTestFinished }) => {
    // A listener that cannot reach its server (nothing listens on port 1): never live, as while it
    // reconnects. (One on the test's database would connect when the app starts it, and then the
    // check below would race the notification instead of reading the database.)
    const deaf = createSellerChanges({ connectionString: 'postgresql://postgres@127.0.0.1:1/none' })
    const ctx = await createTestApp({ database: db, deps: { changes: deaf } })
    const other = await createTestApp({ database: db })
    onTestFinished(async () => {
      await ctx.close()
      await other.close()
    })
    const session = await createSellerSession(other)
    expect((await ctx.inject({ method: 'GET', url: '/api/v1/getting-started/', headers: session.headers })).statusCode).toBe(200)

    const logout = await other.inject({ method: 'POST', url: '/api/v1/authentication/logout/', payload: { refresh: session.refresh } })
    expect(logout.statusCode, logout.body).toBe(200)
    expect((await ctx.inject({ method: 'GET', url: '/api/v1/getting-started/', headers: session.headers })).statusCode).toBe(401)
  })
})
