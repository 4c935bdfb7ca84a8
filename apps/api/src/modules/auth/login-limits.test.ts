import { Redis } from 'ioredis'
import { createTestApp, type TestApp } from '../../../test/build-test-app.js'
import { createSeller } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { loginLimits } from './login-limits.js'

const loginUrl = '/api/v1/authentication/token/'
const accountPaused = /^Too many failed log-ins for this account\. Please wait (\d+ seconds|\d+ minutes) and try again\.$/
const addressPaused = /^Too many failed log-ins from your network\. Please wait (\d+ seconds|\d+ minutes) and try again\.$/

// Addresses from the benchmarking range, a fresh one whenever a test needs a new place.
let lastAddress = 0
const nextAddress = () => {
  lastAddress += 1
  return `198.18.${Math.floor(lastAddress / 250)}.${(lastAddress % 250) + 1}`
}

const logIn = (ctx: TestApp, email: string, password: string, remoteAddress: string) =>
  ctx.app.inject({ method: 'POST', url: loginUrl, payload: { email, password }, remoteAddress })

describe('log-in limits per account and per address', () => {
  let ctx: TestApp
  test.beforeEach(async ({ app }) => {
    ctx = app
  })

  test('pauses an account after 20 failed log-ins from 20 addresses, with a 429 saying when to retry', async () => {
    const { seller, password } = await createSeller(ctx)
    for (let attempt = 1; attempt <= loginLimits.perAccount.max; attempt += 1) {
      expect((await logIn(ctx, seller.email, `wrong ${attempt}`, nextAddress())).statusCode).toBe(400)
    }
    const refused = await logIn(ctx, seller.email, 'wrong again', nextAddress())
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({ detail: expect.stringMatching(accountPaused) })
    expect(refused.json().detail).toContain('Please wait 15 minutes')
    expect(Number(refused.headers['retry-after'])).toBe(15 * 60)

    // The right password from a new address waits too: otherwise guessing would go on.
    expect((await logIn(ctx, seller.email, password, nextAddress())).statusCode).toBe(429)
    // The same email written differently is the same account.
    expect((await logIn(ctx, ` ${seller.email.toUpperCase()}`, password, nextAddress())).statusCode).toBe(429)

    // The pause ends with its window.
    ctx.clock.advance(loginLimits.perAccount.windowMs)
    expect((await logIn(ctx, seller.email, password, nextAddress())).statusCode).toBe(200)
  })

  test('never pauses the owner at an address they logged in from before', async () => {
    const { seller, password } = await createSeller(ctx)
    const home = nextAddress()
    expect((await logIn(ctx, seller.email, password, home)).statusCode).toBe(200)

    for (let attempt = 0; attempt <= loginLimits.perAccount.max; attempt += 1) {
      await logIn(ctx, seller.email, 'a guess', nextAddress())
    }
    expect((await logIn(ctx, seller.email, password, nextAddress())).statusCode).toBe(429)
    expect((await logIn(ctx, seller.email, password, home)).statusCode).toBe(200)
  })

  test('pauses an address after 30 failed log-ins across emails, and only that address', async () => {
    const guesser = nextAddress()
    for (let attempt = 1; attempt <= loginLimits.perAddress.max; attempt += 1) {
      expect((await logIn(ctx, `nobody-${attempt}-${Date.now()}@example.com`, 'guess', guesser)).statusCode).toBe(400)
    }
    const { seller, password } = await createSeller(ctx)
    const refused = await logIn(ctx, seller.email, password, guesser)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({ detail: expect.stringMatching(addressPaused) })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect((await logIn(ctx, seller.email, password, nextAddress())).statusCode).toBe(200)
  })

  test('does not count log-ins that succeed, per account or per address', async () => {
    const { seller, password } = await createSeller(ctx)
    for (let attempt = 0; attempt <= loginLimits.perAccount.max; attempt += 1) {
      expect((await logIn(ctx, seller.email, password, nextAddress())).statusCode).toBe(200)
    }
    // (One email from one address is also limited to 10 attempts a minute by the route, so many accounts here.)
    const office = nextAddress()
    for (let attempt = 0; attempt <= loginLimits.perAddress.max; attempt += 1) {
      const colleague = await createSeller(ctx)
      expect((await logIn(ctx, colleague.seller.email, colleague.password, office)).statusCode).toBe(200)
    }
  }, 60_000)

  test('counts guesses sent all at once: no more than the limit are answered', async () => {
    const { seller } = await createSeller(ctx)
    const attempts = loginLimits.perAccount.max * 2
    const answers = await Promise.all(Array.from({ length: attempts }, () => logIn(ctx, seller.email, 'parallel guess', nextAddress())))
    const statuses = answers.map((answer) => answer.statusCode)
    expect(statuses.filter((status) => status === 400)).toHaveLength(loginLimits.perAccount.max)
    expect(statuses.filter((status) => status === 429)).toHaveLength(attempts - loginLimits.perAccount.max)
  })
})

/**
 * Several API processes share the counters through Redis (REDIS_URL). This part exists only when
 * TEST_REDIS_URL names a real server; CI sets it when one answers on 127.0.0.1:6379 (.ci/run).
 */
const redisUrl = process.env.TEST_REDIS_URL
if (redisUrl)
  describe('log-in limits shared between two processes through Redis', () => {
    let first: TestApp
    let second: TestApp
    const clients: Redis[] = []
    // Two processes, each with its own database and app, sharing only Redis.
    test.beforeEach(async () => {
      const connect = () => {
        const client = new Redis(redisUrl, { maxRetriesPerRequest: 1 })
        clients.push(client)
        return client
      }
      first = await createTestApp({ deps: { redis: connect() } })
      second = await createTestApp({ deps: { redis: connect() } })
    })
    test.afterEach(async () => {
      await Promise.all([first.close(), second.close()])
      for (const client of clients) client.disconnect()
    })

    test('pauses an account for both processes when the failures are spread over them', async () => {
      const { seller, password } = await createSeller(first)
      const email = seller.email
      await createSeller(second, { email })
      for (let attempt = 1; attempt <= loginLimits.perAccount.max; attempt += 1) {
        const app = attempt % 2 === 0 ? first : second
        expect((await logIn(app, email, 'wrong', `198.19.${attempt}.${Math.floor(Math.random() * 250) + 1}`)).statusCode).toBe(400)
      }
      expect((await logIn(first, email, password, '198.19.200.1')).statusCode).toBe(429)
      expect((await logIn(second, email, password, '198.19.200.2')).statusCode).toBe(429)
    })
  })
