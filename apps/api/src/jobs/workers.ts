import type { Config } from '../config.js'
import type { Database } from '../db/client.js'
import { createSendEmailHandler } from '../mail/mail-service.js'
import { createMailTransport } from '../mail/mail-transport.js'
import type { JobQueue } from './queue.js'

/** Starts a worker for every queue. The server runs them in-process; `npm run worker` runs them alone. */
export async function startWorkers({
  config,
  db,
  jobs,
  log,
}: {
  config: Config
  db: Database
  jobs: JobQueue
  log: (message: string) => void
}) {
  const transport = createMailTransport(config.SMTP_URL, config.MAIL_FROM, log)
  await jobs.work('send-email', createSendEmailHandler({ db, transport }))
}
