import { eq } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll } from 'vitest'
import { eventually, type TestApp } from '../../test/build-test-app.js'
import { describe, expect, test } from '../../test/fixtures.js'
import { freePort } from '../../test/free-port.js'
import { firstRow } from '../db/first-row.js'
import { createInvitationService, signUpLink } from '../modules/sellers/invitation-service.js'
import { createMailService, createSendEmailHandler } from './mail-service.js'
import { emails } from './mail-tables.js'
import { createMailTransport } from './mail-transport.js'
import { invitationEmail } from './templates.js'

type Received = { from: string; to: string[]; raw: string }

/** A real SMTP server on a free local port that keeps what it receives, and refuses `refused@…`. */
async function startSmtpReceiver() {
  const received: Received[] = []
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP: nodemailer would otherwise upgrade to TLS and refuse the self-signed certificate.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('refused@')) {
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }))
        return
      }
      callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  const port = await freePort()
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

/** Undoes quoted-printable soft line breaks and escapes, so long lines such as links can be read. */
const decodeQuotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))

/** Creates an invitation and queues its email the way `npm run invite` does. */
async function queueInvitation(ctx: TestApp, email: string) {
  const { token } = await createInvitationService({ db: ctx.db, now: ctx.clock.now }).create(email)
  const link = signUpLink(ctx.config.publicUrl, email, token)
  const emailId = await createMailService({ db: ctx.db, jobs: ctx.jobs }).queue({ ...invitationEmail(email, link), kind: 'invitation' })
  return { emailId, link, token }
}

const emailRow = (ctx: TestApp, id: string) => firstRow(ctx.db.select().from(emails).where(eq(emails.id, id)))

describe('mail with SMTP_URL set', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>
  let ctx: TestApp
  test.override('appOptions', () => ({ workers: true, env: { SMTP_URL: smtp.url, MAIL_FROM: 'Funnelry <invites@funnelry.test>' } }))
  // One SMTP stand-in for the file, closed after every test's app (and its pooled connection) is gone.
  beforeAll(async () => {
    smtp = await startSmtpReceiver()
  })
  test.beforeEach(async ({ app }) => {
    ctx = app
  })
  afterAll(() => smtp.close())

  test('stores the invitation email, then delivers it with the sign-up link and marks it sent', async () => {
    const to = 'new-seller@example.com'
    const { emailId, link, token } = await queueInvitation(ctx, to)
    expect(link).toBe(`http://funnelry.test/sign-up?email=new-seller%40example.com&token=${token}`)

    const message = await eventually(async () => smtp.received.find((m) => m.to.includes(to)))
    expect(message.from).toBe('invites@funnelry.test')
    const decoded = decodeQuotedPrintable(message.raw)
    expect(decoded).toMatch(/^Subject: You are invited to Funnelry\r?$/m)
    expect(decoded).toContain(link)
    // The HTML part carries the same link, escaped for HTML.
    expect(decoded).toContain(`href="${link.replaceAll('&', '&amp;')}"`)

    const row = await eventually(async () => {
      const current = await emailRow(ctx, emailId)
      return current?.status === 'sent' ? current : undefined
    })
    expect(row).toMatchObject({ to, kind: 'invitation', status: 'sent', lastError: null })
    expect(row.sentAt).toBeInstanceOf(Date)
  })

  test('the link it sends opens the sign-up form: the invitation checks as valid', async () => {
    const to = 'linked-seller@example.com'
    const { link } = await queueInvitation(ctx, to)
    const message = await eventually(async () => smtp.received.find((m) => m.to.includes(to)))
    expect(decodeQuotedPrintable(message.raw)).toContain(link)

    const query = new URL(link).searchParams
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/validate-invite/',
      payload: { email: query.get('email'), token: query.get('token') },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ valid: true })
  })

  test('does not send a message twice when its job runs again', async () => {
    const to = 'only-once@example.com'
    const { emailId } = await queueInvitation(ctx, to)
    await eventually(async () => (await emailRow(ctx, emailId))?.status === 'sent')

    const transport = createMailTransport(smtp.url, ctx.config.MAIL_FROM, () => {})
    await createSendEmailHandler({ db: ctx.db, transport })({ emailId })
    transport.close()
    expect(smtp.received.filter((m) => m.to.includes(to))).toHaveLength(1)
  })

  test('keeps a refused message queued for a retry, with the reason', async () => {
    const to = 'refused@example.com'
    const { emailId } = await queueInvitation(ctx, to)
    const row = await eventually(async () => {
      const current = await emailRow(ctx, emailId)
      return current?.lastError ? current : undefined
    })
    expect(row.status).toBe('queued')
    expect(row.sentAt).toBeNull()
    expect(row.lastError).toContain('550')
    expect(smtp.received.some((m) => m.to.includes(to))).toBe(false)
  })

  test('marks a message failed when its last attempt is refused too', async () => {
    const to = 'refused@example.com'
    const { emailId } = await queueInvitation(ctx, to)
    const transport = createMailTransport(smtp.url, ctx.config.MAIL_FROM, () => {})
    await expect(createSendEmailHandler({ db: ctx.db, transport })({ emailId }, { isLast: true })).rejects.toThrow()
    transport.close()
    const row = await emailRow(ctx, emailId)
    expect(row?.status).toBe('failed')
    expect(row?.lastError).toContain('550')
  })
})

describe('mail without SMTP_URL', () => {
  let ctx: TestApp
  test.override('appOptions', () => ({ workers: true }))
  test.beforeEach(async ({ app }) => {
    ctx = app
  })

  test('keeps the message in the store and marks it stored', async () => {
    const to = 'stored-only@example.com'
    const { emailId, link } = await queueInvitation(ctx, to)
    const row = await eventually(async () => {
      const current = await emailRow(ctx, emailId)
      return current?.status === 'stored' ? current : undefined
    })
    expect(row).toMatchObject({ to, kind: 'invitation', subject: 'You are invited to Funnelry', lastError: null })
    expect(row.text).toContain(link)
    expect(row.sentAt).toBeInstanceOf(Date)
  })
})
