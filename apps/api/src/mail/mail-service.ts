import { eq, inArray } from 'drizzle-orm'
import type { Database, Executor } from '../db/client.js'
import type { JobQueue } from '../jobs/queue.js'
import { batchedCalls } from '../lib/batched-calls.js'
import { emails } from './mail-tables.js'
import type { MailTransport, OutgoingMail } from './mail-transport.js'

export type MailKind = 'invitation' | 'free-download' | 'purchase' | 'refund' | 'password-reset' | 'account-security'

/**
 * Stores the message and queues its job in the caller's transaction: the email exists exactly when
 * what it tells about (a lead, a payment) commits.
 */
export async function queueMailIn(tx: Executor, jobs: JobQueue, message: OutgoingMail & { kind: MailKind }): Promise<string> {
  const [row] = await tx
    .insert(emails)
    .values({ to: message.to, subject: message.subject, text: message.text, html: message.html ?? null, kind: message.kind })
    .returning({ id: emails.id })
  if (!row) throw new Error('the email row was not stored')
  await jobs.send('send-email', { emailId: row.id }, { tx })
  return row.id
}

/** The same for many messages: one insert and one job insert, whatever their number. */
export async function queueMailsIn(tx: Executor, jobs: JobQueue, messages: (OutgoingMail & { kind: MailKind })[]): Promise<void> {
  if (messages.length === 0) return
  const rows = await tx
    .insert(emails)
    .values(messages.map((m) => ({ to: m.to, subject: m.subject, text: m.text, html: m.html ?? null, kind: m.kind })))
    .returning({ id: emails.id })
  await jobs.sendMany(
    'send-email',
    rows.map((row) => ({ data: { emailId: row.id } })),
    { tx },
  )
}

/**
 * Mail is stored first and sent from the job queue, never inside a request: a slow or broken
 * SMTP server cannot slow a page, and a message is never lost.
 */
export function createMailService({ db, jobs }: { db: Database; jobs: JobQueue }) {
  return {
    async queue(message: OutgoingMail & { kind: MailKind }): Promise<string> {
      const [row] = await db
        .insert(emails)
        .values({ to: message.to, subject: message.subject, text: message.text, html: message.html ?? null, kind: message.kind })
        .returning({ id: emails.id })
      if (!row) throw new Error('the email row was not stored')
      await jobs.send('send-email', { emailId: row.id })
      return row.id
    },
  }
}
export type MailService = ReturnType<typeof createMailService>

/**
 * The job handler: sends one stored message; throwing makes pg-boss retry with backoff. Messages
 * fetched together are read by one query, and those sent together are marked by one statement.
 */
export function createSendEmailHandler({ db, transport }: { db: Database; transport: MailTransport }) {
  const load = batchedCalls(async (ids: string[]) => {
    const rows = await db.select().from(emails).where(inArray(emails.id, ids))
    const byId = new Map(rows.map((row) => [row.id, row]))
    return ids.map((id) => byId.get(id))
  })
  const markSent = batchedCalls(async (ids: string[]) => {
    await db
      .update(emails)
      .set({ status: transport.kind === 'smtp' ? 'sent' : 'stored', sentAt: new Date(), lastError: null })
      .where(inArray(emails.id, ids))
    return ids.map(() => undefined)
  })

  return async ({ emailId }: { emailId: string }, attempt: { isLast: boolean } = { isLast: false }) => {
    const message = await load(emailId)
    if (!message || message.status === 'sent' || message.status === 'stored') return
    try {
      await transport.deliver(message)
    } catch (error) {
      // After the last retry the message is marked failed, so an operator can find what never left.
      await db
        .update(emails)
        .set({ lastError: String(error), ...(attempt.isLast ? { status: 'failed' as const } : {}) })
        .where(eq(emails.id, emailId))
      throw error
    }
    await markSent(emailId)
  }
}
