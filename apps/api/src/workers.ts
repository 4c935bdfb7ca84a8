import { createApiModules } from './api-modules.js'
import type { Config } from './config.js'
import type { Database } from './db/client.js'
import type { JobQueue } from './jobs/queue.js'
import { createMemoryLimitStore } from './lib/limit-store.js'
import { connectionOf, createSellerChanges } from './lib/seller-changes.js'
import { createSendEmailHandler } from './mail/mail-service.js'
import { createMailTransport } from './mail/mail-transport.js'
import { createFileStorage } from './storage/create-file-storage.js'

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
  // The worker is a second composition root (docs/decisions/0016): its handlers are services of the
  // same modules buildApp builds. It serves no public reads, so the caches' change listener is never
  // started (their caches stay off) and its rate limits are unused.
  const modules = await createApiModules({
    config,
    db,
    jobs,
    now,
    changes: createSellerChanges(connectionOf(db)),
    limits: createMemoryLimitStore(now),
    storage: createFileStorage(config),
    log: { warn: log, error: log },
  })
  const transport = createMailTransport(config.SMTP_URL, config.MAIL_FROM, log)
  jobs.onStopped(() => transport.close())
  await jobs.work('send-email', createSendEmailHandler({ db, transport }))
  await jobs.work('queue-lead-follow-ups', modules.leads.services.followUpHandler)
  await jobs.work('post-purchase-follow-ups', modules.postPurchase.services.followUpHandler)
  await jobs.work('deliver-webhook', modules.webhooks.services.deliveryHandler)
  await jobs.work('send-conversion', modules.conversions.services.deliveryHandler)
  const settlement = modules.orders.services.settlement
  await jobs.work('settle-payments', async ({ intentId, intentIds }) => {
    if (intentIds) await settlement.settleIntents(intentIds)
    else if (intentId) await settlement.settleIntents([intentId])
    else {
      const settled = await settlement.sweep()
      if (settled > 0) log(`${settled} orders paid while no process heard of it settled`)
    }
  })
  // Abandoning an order cancels its provider intent: the sweep uses the payments module's provider.
  const abandonment = modules.orders.services.abandonment
  await jobs.work('abandon-orders', async () => {
    const abandoned = await abandonment.sweep()
    if (abandoned > 0) log(`${abandoned} unpaid orders abandoned after 24 hours`)
  })
}
