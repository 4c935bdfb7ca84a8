import Fastify, { type FastifyInstance } from 'fastify'
import { SignJWT } from 'jose'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestClock, type TestClock } from '../../test/build-test-app.js'
import { createTokenSigner, type TokenSigner } from '../lib/tokens.js'
import { authPlugin } from './auth.js'
import { registerErrorHandler } from './error-handler.js'

const secret = 'auth-plugin-test-secret-that-is-long-enough'
const notProvided = 'Authentication credentials were not provided.'
const notValid = 'Your session has expired or is not valid. Please log in again.'
const claims = { user_id: '7f1c3a52-4c57-4b43-9a43-6f3f0b2f8e11', full_name: 'Ada Lovelace', email: 'ada@example.com' }
const logInId = '0d6c2f8e-5b1a-4e8f-9a53-2b7c4d9e1f60'

// The plugin alone, on a minimal real Fastify instance; protected-routes.test.ts covers the app's routes.
describe('authPlugin (preHandler: app.authenticate)', () => {
  let app: FastifyInstance
  let tokens: TokenSigner
  let clock: TestClock
  let ended: Set<string>

  // Per test (no database: a Fastify instance is cheap): a fresh clock each, so moving it is local.
  beforeEach(async () => {
    clock = createTestClock()
    tokens = createTokenSigner(secret, clock.now)
    app = Fastify({ logger: false })
    registerErrorHandler(app)
    ended = new Set()
    // The one live log-in of the one seller; modules/auth/log-ins.test.ts covers the real check.
    await app.register(authPlugin, {
      tokens,
      logInLive: async (sid, sellerId) => sid === logInId && sellerId === claims.user_id && !ended.has(sid),
    })
    app.get('/protected', { preHandler: app.authenticate }, async (request) => ({ seller: request.seller }))
    app.get('/open', async (request) => ({ seller: request.seller }))
    await app.ready()
  })
  afterEach(() => app.close())

  const get = (authorization?: string, url = '/protected') =>
    app.inject({ method: 'GET', url, headers: authorization === undefined ? {} : { authorization } })

  it('answers 401 without an Authorization header', async () => {
    const response = await get()
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ detail: notProvided })
  })

  it.each(['', 'Bearer', 'Bearer ', `Basic ${Buffer.from('ada:pw').toString('base64')}`, 'Token abc', 'Bearer a b'])(
    'answers 401 for the header %j',
    async (header) => {
      const response = await get(header)
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({ detail: notProvided })
    },
  )

  it('answers 401 for a token that is not a JWT', async () => {
    const response = await get('Bearer not-a-token')
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ detail: notValid })
  })

  it('answers 401 for an access token signed with another secret', async () => {
    const forged = await createTokenSigner('another-secret-that-is-long-enough-for-hs256').signAccess(claims, logInId)
    const response = await get(`Bearer ${forged}`)
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ detail: notValid })
  })

  it('answers 401 for an unsigned token', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')
    const payload = Buffer.from(JSON.stringify({ ...claims, token_type: 'access', exp: 9999999999 })).toString('base64url')
    const response = await get(`Bearer ${header}.${payload}.`)
    expect(response.statusCode).toBe(401)
  })

  it('answers 401 for a refresh token used as the bearer token', async () => {
    const refresh = await tokens.signRefresh(claims.user_id, crypto.randomUUID())
    const response = await get(`Bearer ${refresh}`)
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ detail: notValid })
  })

  it('answers 401 for a correctly signed token that lacks the seller claims', async () => {
    const partial = await new SignJWT({ user_id: claims.user_id, token_type: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode(secret))
    const response = await get(`Bearer ${partial}`)
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ detail: notValid })
  })

  it('answers 200 with the seller for a valid access token, read from its own claims (D4)', async () => {
    const access = await tokens.signAccess(claims, logInId)
    const response = await get(`Bearer ${access}`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ seller: { id: claims.user_id, fullName: 'Ada Lovelace', email: 'ada@example.com', logInId } })
  })

  it('answers 401 for a validly signed token whose user_id is not a UUID', async () => {
    const access = await tokens.signAccess({ ...claims, user_id: 'not-a-uuid' }, logInId)
    const response = await get(`Bearer ${access}`)
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ detail: notValid })
  })

  it('answers 401 for a validly signed token of a seller that does not exist', async () => {
    const access = await tokens.signAccess({ ...claims, user_id: crypto.randomUUID() }, logInId)
    const response = await get(`Bearer ${access}`)
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ detail: notValid })
  })

  it('answers 401 for a token whose log-in has ended, and for one of another log-in', async () => {
    const access = await tokens.signAccess(claims, logInId)
    const other = await tokens.signAccess(claims, crypto.randomUUID())
    expect((await get(`Bearer ${other}`)).statusCode).toBe(401)
    expect((await get(`Bearer ${access}`)).statusCode).toBe(200)
    ended.add(logInId)
    const response = await get(`Bearer ${access}`)
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ detail: notValid })
  })

  it('answers 401 for a validly signed token without a log-in id', async () => {
    const bare = await new SignJWT({ ...claims, token_type: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode(secret))
    expect((await get(`Bearer ${bare}`)).statusCode).toBe(401)
  })

  it('accepts the scheme in any case', async () => {
    const access = await tokens.signAccess(claims, logInId)
    expect((await get(`bearer ${access}`)).statusCode).toBe(200)
  })

  it('answers 401 once the access token is over 15 minutes old', async () => {
    const access = await tokens.signAccess(claims, logInId)
    clock.advance(14 * 60 * 1000)
    expect((await get(`Bearer ${access}`)).statusCode).toBe(200)
    clock.advance(2 * 60 * 1000)
    const response = await get(`Bearer ${access}`)
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ detail: notValid })
  })

  it('leaves routes without the preHandler open, with no seller set', async () => {
    const response = await get(undefined, '/open')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ seller: null })
  })
})
