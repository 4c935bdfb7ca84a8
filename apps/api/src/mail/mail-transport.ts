import nodemailer from 'nodemailer'

export type OutgoingMail = { to: string; subject: string; text: string; html?: string | null }

/** Where mail physically goes: SMTP when configured, otherwise only the store (and the log). */
export type MailTransport = { kind: 'smtp' | 'store'; deliver(message: OutgoingMail): Promise<void>; close(): void }

export function createMailTransport(smtpUrl: string | undefined, from: string, log: (message: string) => void): MailTransport {
  if (!smtpUrl) {
    return {
      kind: 'store',
      async deliver(message) {
        // Recipient and subject only: the text carries sign-up tokens and paid download links. The
        // whole message stays in the emails table.
        log(`Mail stored in the emails table (no SMTP_URL set) for ${message.to}: ${message.subject}`)
      },
      close() {},
    }
  }
  // Pooled: a few connections each send many messages, instead of a connection (and TLS
  // handshake) per message, which held mail to a few per second.
  const transporter = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: 10, maxMessages: Number.POSITIVE_INFINITY })
  return {
    kind: 'smtp',
    async deliver(message) {
      await transporter.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html ?? undefined })
    },
    close: () => transporter.close(),
  }
}
