import { messages, type SignUpInput } from '@funnelry/shared'
import { eq, sql } from 'drizzle-orm'
import { eventually, type TestApp } from '../../../test/build-test-app.js'
import { signUpPayload } from '../../../test/factories.js'
import { describe, expect, test } from '../../../test/fixtures.js'
import { firstRow } from '../../db/first-row.js'
import { unstorableTextMessage } from '../../plugins/storable-text.js'
import { createInvitationService, hashInvitationToken } from './invitation-service.js'
import { industryNames, staffMemberLabels } from './option-lists.js'
import { invitationRepository } from './seller-repository.js'
import { invitations, sellers } from './sellers-tables.js'

const url = '/api/v1/seller/'

// Sign-up is limited per client address; each request comes from its own so the limit stays out of these tests.
let address = 0
const nextAddress = () => {
  address += 1
  return `10.1.${Math.floor(address / 250)}.${(address % 250) + 1}`
}

describe('POST /seller/ (sign-up, decision D15)', () => {
  let ctx: TestApp
  let invites: ReturnType<typeof createInvitationService>
  test.beforeEach(async ({ app }) => {
    ctx = app
    invites = createInvitationService({ db: ctx.db, now: ctx.clock.now })
  })

  const signUp = (payload: unknown) => ctx.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: nextAddress() })

  /** A complete, valid payload with a fresh invitation for its email. */
  const invited = async (overrides: Partial<SignUpInput> = {}): Promise<SignUpInput> => {
    const payload = signUpPayload(overrides)
    const { token } = await invites.create(payload.email)
    return { ...payload, token }
  }

  const storedSeller = (email: string) => firstRow(ctx.db.select().from(sellers).where(sql`lower(${sellers.email}) = lower(${email})`))

  test('creates the seller and answers it without any password', async () => {
    const payload = await invited({
      full_name: 'Ada Lovelace',
      business_name: 'Analytical Engines',
      website: 'https://ada.example.com',
      business_industry: 'Education & Courses',
      staff_members: '2-5',
      has_stripe_account: true,
    })
    const response = await signUp(payload)

    expect(response.statusCode).toBe(201)
    const body = response.json() as Record<string, unknown>
    expect(body).toEqual({
      id: expect.any(String),
      full_name: 'Ada Lovelace',
      email: payload.email,
      business_name: 'Analytical Engines',
      website: 'https://ada.example.com',
      business_industry: 'Education & Courses',
      staff_members: '2-5',
      has_stripe_account: true,
    })
    expect(response.body).not.toContain('argon2')
    expect(response.body).not.toContain(payload.password)

    const row = await storedSeller(payload.email)
    expect(row?.id).toBe(body.id)
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/)
    expect(row?.passwordHash).not.toContain(payload.password)

    const invitation = await firstRow(
      ctx.db
        .select()
        .from(invitations)
        .where(eq(invitations.tokenHash, hashInvitationToken(payload.token))),
    )
    expect(invitation?.usedAt).toBeInstanceOf(Date)
  })

  test('lets the new seller log in with the chosen password', async () => {
    const payload = await invited()
    expect((await signUp(payload)).statusCode).toBe(201)
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/token/',
      payload: { email: payload.email, password: payload.password },
    })
    expect(login.statusCode).toBe(200)
  })

  test('stores the email in lower case and trims the text fields', async () => {
    const payload = await invited()
    const response = await signUp({ ...payload, email: `  ${payload.email.toUpperCase()} `, full_name: '  Spaced Name  ' })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({ email: payload.email.toLowerCase(), full_name: 'Spaced Name' })
  })

  test('says "This field is required" for every missing field', async () => {
    const response = await signUp({})
    expect(response.statusCode).toBe(400)
    const required = [messages.required]
    expect(response.json()).toEqual({
      detail: expect.any(String),
      full_name: required,
      email: required,
      business_name: required,
      website: required,
      business_industry: required,
      staff_members: required,
      has_stripe_account: required,
      password: required,
      confirmed_password: required,
      token: required,
    })
  })

  test('says "This field is required" for empty and blank text fields', async () => {
    const payload = await invited()
    const response = await signUp({ ...payload, full_name: '   ', business_name: '', website: '', email: '' })
    expect(response.statusCode).toBe(400)
    const { detail, ...body } = response.json() as Record<string, string[]>
    expect(detail).toEqual(expect.any(String))
    expect(Object.keys(body).sort()).toEqual(['business_name', 'email', 'full_name', 'website'])
    expect(body.full_name).toEqual([messages.required])
    expect(body.business_name).toEqual([messages.required])
    expect(body.email).toEqual([messages.required])
    // The form shows the first message of a field.
    expect(body.website?.[0]).toBe(messages.required)
  })

  test('refuses a malformed email', async () => {
    const payload = await invited()
    const response = await signUp({ ...payload, email: 'not-an-email' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: expect.any(String), email: [messages.invalidEmail] })
  })

  test('accepts a website typed without https:// and stores it with it', async () => {
    const payload = await invited()
    const response = await signUp({ ...payload, website: ' shop.example.com/about ' })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({ website: 'https://shop.example.com/about' })
    expect((await storedSeller(payload.email))?.website).toBe('https://shop.example.com/about')
  })

  test.each(['exa mple.com', 'ftp://example.com', 'https://', 'javascript:alert(1)', 'http://exa mple.com'])(
    'refuses the website %j',
    async (website) => {
      const payload = await invited()
      const response = await signUp({ ...payload, website })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ detail: expect.any(String), website: [messages.invalidUrl] })
    },
  )

  test('says "Passwords must match" on confirmed_password', async () => {
    const payload = await invited()
    const response = await signUp({ ...payload, confirmed_password: `${payload.password}!` })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: expect.any(String), confirmed_password: [messages.passwordsMustMatch] })
    expect(await storedSeller(payload.email)).toBeUndefined()
  })

  test('refuses a password that is too short', async () => {
    const payload = await invited({ password: 'short', confirmed_password: 'short' })
    const response = await signUp(payload)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: expect.any(String), password: ['Use at least 8 characters.'] })
  })

  test('refuses an industry and a team size that are not in the lists, and keeps the invitation', async () => {
    const payload = await invited()
    const response = await signUp({ ...payload, business_industry: 'Piracy', staff_members: '1000000' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      detail: expect.any(String),
      business_industry: ['Choose one of the listed industries.'],
      staff_members: ['Choose one of the listed team sizes.'],
    })
    expect(await storedSeller(payload.email)).toBeUndefined()

    // The invitation still works once the person fixes the form.
    expect((await signUp(payload)).statusCode).toBe(201)
  })

  test.each(['full_name', 'business_name', 'website'] as const)(
    'answers 400, not 500, for a NUL character in %s, and keeps the invitation',
    async (field) => {
      const payload = await invited()
      const value = field === 'website' ? 'https://example.com/a\u0000b' : 'A\u0000B'
      const response = await signUp({ ...payload, [field]: value })
      expect(response.statusCode).toBe(400)
      // Refused on its field by the one check every call's text goes through (plugins/storable-text.ts).
      expect(response.json()[field]).toContain(unstorableTextMessage)
      expect(await storedSeller(payload.email)).toBeUndefined()
      expect((await signUp(payload)).statusCode).toBe(201)
    },
  )

  test('refuses an invitation that was already used', async () => {
    const payload = await invited()
    expect((await signUp(payload)).statusCode).toBe(201)

    const again = await signUp({ ...payload, full_name: 'Someone Else' })
    expect(again.statusCode).toBe(400)
    expect(again.json()).toEqual({
      detail: expect.any(String),
      non_field_errors: ['This invitation has already been used. Please log in.'],
    })
    expect((await storedSeller(payload.email))?.fullName).toBe(payload.full_name)
  })

  test('refuses an invitation made for another email', async () => {
    const payload = await invited()
    const other = signUpPayload()
    const response = await signUp({ ...other, token: payload.token })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: expect.any(String), non_field_errors: [messages.invitationInvalid] })
    expect(await storedSeller(other.email)).toBeUndefined()
  })

  test('refuses an unknown token', async () => {
    const response = await signUp({ ...signUpPayload(), token: 'made-up-token' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: expect.any(String), non_field_errors: [messages.invitationInvalid] })
  })

  test('refuses an expired invitation', async () => {
    const payload = await invited()
    ctx.clock.advance(7 * 24 * 60 * 60 * 1000 + 1000)
    const response = await signUp(payload)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      detail: expect.any(String),
      non_field_errors: ['This invitation has expired. Please ask for a new one.'],
    })
  })

  test('refuses an email that already has an account, and keeps the invitation unused', async () => {
    const first = await invited()
    expect((await signUp(first)).statusCode).toBe(201)

    // The invite command refuses registered emails, so this invitation is written directly.
    const token = 'a-second-invitation-for-a-registered-email'
    await invitationRepository.insert(ctx.db, {
      email: first.email,
      tokenHash: hashInvitationToken(token),
      expiresAt: new Date(ctx.clock.now().getTime() + 60 * 60 * 1000),
    })
    const response = await signUp({ ...signUpPayload(), email: first.email.toUpperCase(), token })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      detail: expect.any(String),
      email: ['A seller with this email already has an account. Please log in.'],
    })

    const invitation = await firstRow(
      ctx.db
        .select()
        .from(invitations)
        .where(eq(invitations.tokenHash, hashInvitationToken(token))),
    )
    expect(invitation?.usedAt).toBeNull()
    const [{ count } = { count: -1 }] = await ctx.db
      .select({ count: sql<number>`count(*)::int` })
      .from(sellers)
      .where(sql`lower(${sellers.email}) = lower(${first.email})`)
    expect(count).toBe(1)
  })

  test('lets exactly one of two concurrent sign-ups with one invitation through', async () => {
    const payload = await invited()
    const responses = await Promise.all([signUp(payload), signUp({ ...payload, full_name: 'The Other Tab' })])

    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 400])
    const refused = responses.find((r) => r.statusCode === 400)
    expect(refused?.json()).toEqual({
      detail: expect.any(String),
      non_field_errors: ['This invitation has already been used. Please log in.'],
    })
    const [{ count } = { count: -1 }] = await ctx.db
      .select({ count: sql<number>`count(*)::int` })
      .from(sellers)
      .where(sql`lower(${sellers.email}) = lower(${payload.email})`)
    expect(count).toBe(1)
  })

  test('lets exactly one of two concurrent sign-ups for one email through, even with two live invitations', async () => {
    // Two invitations for one email can both be pending when they are created at the same moment.
    const payload = signUpPayload()
    const tokens = ['first-live-invitation-token', 'second-live-invitation-token']
    for (const token of tokens) {
      await invitationRepository.insert(ctx.db, {
        email: payload.email,
        tokenHash: hashInvitationToken(token),
        expiresAt: new Date(ctx.clock.now().getTime() + 60 * 60 * 1000),
      })
    }
    const responses = await Promise.all(tokens.map((token) => signUp({ ...payload, token })))

    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 400])
    const refused = responses.find((r) => r.statusCode === 400)
    expect(refused?.json()).toEqual({
      detail: expect.any(String),
      email: ['A seller with this email already has an account. Please log in.'],
    })
  })

  test('answers a field error, not a 500, when another sign-up for the email commits while this one is writing', async () => {
    const payload = await invited()
    // Another transaction holds an uncommitted seller with the same email: this sign-up's
    // look-up cannot see it, so only the unique index stops the second account.
    const other = await ctx.pool.connect()
    try {
      await other.query('begin')
      await other.query(
        `insert into sellers (email, full_name, business_name, website, business_industry, staff_members, has_stripe_account, password_hash)
         values ($1, 'Other', 'Other', 'https://example.com', 'Other', 'Just me', false, 'x')`,
        [payload.email],
      )
      const pending = signUp(payload)
      await eventually(async () => {
        const { rows } = await ctx.pool.query<{ waiting: number }>(
          `select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        )
        return (rows[0]?.waiting ?? 0) > 0
      })
      await other.query('commit')

      const response = await pending
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({
        detail: expect.any(String),
        email: ['A seller with this email already has an account. Please log in.'],
      })
      // The refused sign-up rolled back: its invitation can still be used (for nothing, as the email is taken).
      const invitation = await firstRow(
        ctx.db
          .select()
          .from(invitations)
          .where(eq(invitations.tokenHash, hashInvitationToken(payload.token))),
      )
      expect(invitation?.usedAt).toBeNull()
    } finally {
      other.release()
    }
  })
})

describe('GET /seller/business-industries/ and /seller/staff-members/', () => {
  let ctx: TestApp
  test.beforeEach(async ({ app }) => {
    ctx = app
  })

  test('lists the seeded industries in order', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/seller/business-industries/' })
    expect(response.statusCode).toBe(200)
    const body = response.json() as unknown[]
    expect(body.length).toBeGreaterThan(0)
    expect(body.every((item) => typeof item === 'string' && item.length > 0)).toBe(true)
    expect(body).toEqual(industryNames)
  })

  test('lists the seeded team sizes in order', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/seller/staff-members/' })
    expect(response.statusCode).toBe(200)
    const body = response.json() as unknown[]
    expect(body.length).toBeGreaterThan(0)
    expect(body.every((item) => typeof item === 'string' && item.length > 0)).toBe(true)
    expect(body).toEqual(staffMemberLabels)
  })

  test('needs no authentication', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/seller/staff-members/',
      headers: { authorization: 'Bearer nonsense' },
    })
    expect(response.statusCode).toBe(200)
  })

  test('accepts every listed value at sign-up', async () => {
    const invites = createInvitationService({ db: ctx.db, now: ctx.clock.now })
    const industries = await ctx.app.inject({ method: 'GET', url: '/api/v1/seller/business-industries/' })
    const staff = await ctx.app.inject({ method: 'GET', url: '/api/v1/seller/staff-members/' })
    const industry = (industries.json() as string[]).at(-1) ?? ''
    const size = (staff.json() as string[]).at(-1) ?? ''
    const payload = signUpPayload({ business_industry: industry, staff_members: size })
    const { token } = await invites.create(payload.email)
    const response = await ctx.app.inject({ method: 'POST', url, payload: { ...payload, token } })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({ business_industry: industry, staff_members: size })
  })
})
