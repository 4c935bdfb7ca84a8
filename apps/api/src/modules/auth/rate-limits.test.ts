import { messages } from '@funnelry/shared'
import type { TestApp } from '../../../test/build-test-app.js'
import { createSeller } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { createInvitationService } from '../sellers/invitation-service.js'

const loginUrl = '/api/v1/authentication/token/'
const validateUrl = '/api/v1/authentication/validate-invite/'
const tooMany = /^Too many attempts\. Please wait \d+ seconds and try again\.$/

describe('rate limits of log-in and invitation checks (per client address and email)', () => {
  let ctx: TestApp
  test.beforeEach(async ({ app }) => {
    ctx = app
  })

  const post = (url: string, payload: object, remoteAddress: string) => ctx.app.inject({ method: 'POST', url, payload, remoteAddress })

  test('answers 429 to the 11th log-in for one email from one address, and lets others through', async () => {
    const { seller, password } = await createSeller(ctx)
    const attacker = '203.0.113.10'

    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const response = await post(loginUrl, { email: seller.email, password: `wrong ${attempt}` }, attacker)
      expect(response.statusCode).toBe(400)
    }

    const eleventh = await post(loginUrl, { email: seller.email, password: 'wrong again' }, attacker)
    expect(eleventh.statusCode).toBe(429)
    expect(eleventh.json()).toEqual({ detail: expect.stringMatching(tooMany) })
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0)

    // Even the right password waits: the limit is what slows guessing down.
    const right = await post(loginUrl, { email: seller.email, password }, attacker)
    expect(right.statusCode).toBe(429)

    // The same email written differently is the same account.
    const disguised = await post(loginUrl, { email: ` ${seller.email.toUpperCase()}`, password: 'wrong' }, attacker)
    expect(disguised.statusCode).toBe(429)

    // Another account from the same address still gets an answer.
    const other = await createSeller(ctx)
    const otherEmail = await post(loginUrl, { email: other.seller.email, password: other.password }, attacker)
    expect(otherEmail.statusCode).toBe(200)

    // The owner, from elsewhere, is never locked out.
    const owner = await post(loginUrl, { email: seller.email, password }, '198.51.100.20')
    expect(owner.statusCode).toBe(200)
    expect(owner.json()).toEqual({ access: expect.any(String), refresh: expect.any(String) })
  })

  test('does not count requests refused for their shape', async () => {
    const { seller, password } = await createSeller(ctx)
    const client = '203.0.113.30'
    for (let attempt = 1; attempt <= 12; attempt += 1) {
      const response = await post(loginUrl, { email: seller.email }, client)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ detail: expect.any(String), password: [messages.passwordRequired] })
    }
    expect((await post(loginUrl, { email: seller.email, password }, client)).statusCode).toBe(200)
  })

  test('answers 429 to the 21st invitation check for one email from one address, and lets others through', async () => {
    const invitations = createInvitationService({ db: ctx.db, now: ctx.clock.now })
    const email = `limited-${Date.now()}@example.com`
    const { token } = await invitations.create(email)
    const guesser = '203.0.113.40'

    for (let attempt = 1; attempt <= 20; attempt += 1) {
      const response = await post(validateUrl, { email, token: `guess-${attempt}` }, guesser)
      expect(response.statusCode).toBe(400)
    }
    const blocked = await post(validateUrl, { email, token }, guesser)
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json()).toEqual({ detail: expect.stringMatching(tooMany) })

    const otherEmail = `other-${Date.now()}@example.com`
    const otherToken = (await invitations.create(otherEmail)).token
    expect((await post(validateUrl, { email: otherEmail, token: otherToken }, guesser)).statusCode).toBe(200)
    expect((await post(validateUrl, { email, token }, '198.51.100.40')).statusCode).toBe(200)
  })

  test('answers 429 to the 21st sign-up attempt from one address in a minute', async () => {
    const client = '203.0.113.60'
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      expect((await post('/api/v1/seller/', {}, client)).statusCode).toBe(400)
    }
    const blocked = await post('/api/v1/seller/', {}, client)
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json()).toEqual({ detail: expect.stringMatching(tooMany) })
    expect((await post('/api/v1/seller/', {}, '198.51.100.60')).statusCode).toBe(400)
  })

  test('keeps the log-in and invitation-check counters apart', async () => {
    const { seller, password } = await createSeller(ctx)
    const client = '203.0.113.50'
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      await post(loginUrl, { email: seller.email, password: 'wrong' }, client)
    }
    expect((await post(loginUrl, { email: seller.email, password }, client)).statusCode).toBe(429)
    const check = await post(validateUrl, { email: seller.email, token: 'whatever' }, client)
    expect(check.statusCode).toBe(400)
  })
})
