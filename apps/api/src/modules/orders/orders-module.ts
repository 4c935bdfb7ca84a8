import type { Database } from '../../db/client.js'
import type { JobQueue } from '../../jobs/queue.js'
import type { PaymentProvider } from '../../payments/provider.js'
import { createCheckoutService } from './checkout-service.js'
import { createOrderFulfilment } from './order-fulfilment.js'

type Deps = { db: Database; jobs: JobQueue; now: () => Date; provider: PaymentProvider; publishableKey?: string | undefined }

/** The checkout (routes in checkout-routes.ts) and the fulfilment the payments module feeds with provider events. */
export function createOrderServices({ db, jobs, now, provider, publishableKey }: Deps) {
  const fulfilment = createOrderFulfilment({ db, jobs, now })
  const checkout = createCheckoutService({ db, provider, fulfilment, now, ...(publishableKey ? { publishableKey } : {}) })
  return { fulfilment, checkout }
}
export type OrderServices = ReturnType<typeof createOrderServices>
