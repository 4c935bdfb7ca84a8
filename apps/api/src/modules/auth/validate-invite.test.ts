import { messages } from '@funnelry/shared'
import type { TestApp } from '../../../test/build-test-app.js'
import { signUpPayload } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { createInvitationService } from '../sellers/invitation-service.js'

const url = '/api/v1/authentication/validate-invite/'
const day = 24 * 60 * 60 * 1000

let counter = 0
const uniqueEmail = () => {
  counter += 1
  return `invitee${counter}-${Date.now()}@example.com`
}

describe('POST /authentication/validate-invite/', () => {
  let ctx: TestApp
  let invitations: ReturnType<typeof createInvitationService>
  test.beforeEach(async ({ app }) => {
    ctx = app
    invitations = createInvitationService({ db: ctx.db, now: ctx.clock.now })
  })

  const validate = (payload: unknown) => ctx.app.inject({ method: 'POST', url, payload: payload as object })

  const expectRefused = async (payload: unknown, message: string) => {
    const response = await validate(payload)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: message, non_field_errors: [message] })
  }

  test('answers valid for the invited email and its token', async () => {
    const email = uniqueEmail()
    const { token } = await invitations.create(email)
    const response = await validate({ email, token })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ valid: true })
  })

  test('compares the email without regard to case or surrounding spaces', async () => {
    const email = uniqueEmail()
    const { token } = await invitations.create(email.toUpperCase())
    const response = await validate({ email: ` ${email.replace('invitee', 'INVITEE')} `, token })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ valid: true })
  })

  test('checking does not use the invitation up', async () => {
    const email = uniqueEmail()
    const { token } = await invitations.create(email)
    expect((await validate({ email, token })).statusCode).toBe(200)
    expect((await validate({ email, token })).statusCode).toBe(200)
  })

  test('refuses a wrong token', async () => {
    const email = uniqueEmail()
    await invitations.create(email)
    await expectRefused({ email, token: 'this-is-not-the-token' }, messages.invitationInvalid)
  })

  test('refuses the token with another email', async () => {
    const { token } = await invitations.create(uniqueEmail())
    await expectRefused({ email: uniqueEmail(), token }, messages.invitationInvalid)
  })

  test('refuses an invitation after its 7 days', async () => {
    const email = uniqueEmail()
    const { token, expiresAt } = await invitations.create(email)
    expect(expiresAt.getTime()).toBe(ctx.clock.now().getTime() + 7 * day)

    ctx.clock.advance(7 * day - 60 * 1000)
    expect((await validate({ email, token })).statusCode).toBe(200)

    ctx.clock.advance(2 * 60 * 1000)
    await expectRefused({ email, token }, 'This invitation has expired. Please ask for a new one.')
  })

  test('refuses an invitation that was used to sign up', async () => {
    const payload = signUpPayload()
    const { token } = await invitations.create(payload.email)
    const signUp = await ctx.app.inject({ method: 'POST', url: '/api/v1/seller/', payload: { ...payload, token } })
    expect(signUp.statusCode).toBe(201)

    await expectRefused({ email: payload.email, token }, 'This invitation has already been used. Please log in.')
  })

  test('refuses an invitation replaced by a newer one for the same email', async () => {
    const email = uniqueEmail()
    const older = await invitations.create(email)
    const newer = await invitations.create(email)

    await expectRefused({ email, token: older.token }, messages.invitationInvalid)
    expect((await validate({ email, token: newer.token })).statusCode).toBe(200)
  })

  test('a new invitation for one email leaves other emails’ invitations alone', async () => {
    const first = uniqueEmail()
    const { token } = await invitations.create(first)
    await invitations.create(uniqueEmail())
    expect((await validate({ email: first, token })).statusCode).toBe(200)
  })

  test('asks for missing fields and a valid email', async () => {
    const missing = await validate({})
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toEqual({ detail: expect.any(String), email: [messages.required], token: [messages.required] })

    const malformed = await validate({ email: 'nope', token: 'x' })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json()).toEqual({ detail: expect.any(String), email: [messages.invalidEmail] })
  })
})
