import type { Config } from '../config.js'
import type { Database } from '../db/client.js'
import { createSendEmailHandler } from '../mail/mail-service.js'
import { createMailTransport } from '../mail/mail-transport.js'
import { createLeadFollowUpHandler } from '../modules/leads/leads-module.js'
import { createAbandonmentSweep } from '../modules/orders/orders-module.js'
import { createPaymentsModule } from '../modules/payments/payments-module.js'
import { createSellersModule } from '../modules/sellers/sellers-module.js'
import { createWebhookDeliveryHandler } from '../modules/webhooks/webhooks-module.js'
import type { JobQueue } from './queue.js'

/** Starts a worker for every queue. The server runs them in-process; `npm run worker` runs them alone. */
export async function startWorkers({
  config,
  db,
  jobs,
  log,
  now = () => new Date(),
}: {
  config: Config
  db: Database
  jobs: JobQueue
  log: (message: string) => void
  now?: () => Date
}) {
  const transport = createMailTransport(config.SMTP_URL, config.MAIL_FROM, log)
  jobs.onStopped(() => transport.close())
  await jobs.work('send-email', createSendEmailHandler({ db, transport }))
  await jobs.work('queue-lead-follow-ups', createLeadFollowUpHandler({ db, jobs }))
  await jobs.work('deliver-webhook', createWebhookDeliveryHandler({ db, allowPrivate: config.ALLOW_PRIVATE_WEBHOOKS, now }))
  // Abandoning an order cancels its provider intent, so the sweep needs the provider in use.
  const sellers = createSellersModule({ db, now }).services.sellers
  const payments = (await createPaymentsModule({ config, db, now, sellers })).services
  const abandonment = createAbandonmentSweep({ db, payments, now, log })
  await jobs.work('abandon-orders', async () => {
    const abandoned = await abandonment.sweep()
    if (abandoned > 0) log(`${abandoned} unpaid orders abandoned after 24 hours`)
  })
}
