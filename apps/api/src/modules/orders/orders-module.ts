import type { Database } from '../../db/client.js'
import type { JobQueue } from '../../jobs/queue.js'
import type { PaymentProvider } from '../payments/providers/provider.js'
import { createCheckoutService } from './checkout-service.js'
import { createAbandonmentSweep } from './order-abandonment.js'
import { createOrderFulfilment } from './order-fulfilment.js'
import { createOrderReceipts } from './order-receipts.js'

export { checkoutRoutes } from './checkout-routes.js'
export { createAbandonmentSweep } from './order-abandonment.js'
export { orderReceiptRoutes } from './order-receipt-routes.js'

type Deps = { db: Database; jobs: JobQueue; now: () => Date; provider: PaymentProvider; publishableKey?: string | undefined }

/**
 * The orders module's public entry: the checkout (routes in checkout-routes.ts), the fulfilment the
 * payments module feeds with provider events, the thank-you page's receipts, and the abandonment sweep.
 */
export function createOrderServices({ db, jobs, now, provider, publishableKey }: Deps) {
  const fulfilment = createOrderFulfilment({ db, jobs, now })
  const checkout = createCheckoutService({ db, jobs, provider, fulfilment, now, ...(publishableKey ? { publishableKey } : {}) })
  return {
    fulfilment,
    checkout,
    receipts: createOrderReceipts({ db, now }),
    abandonment: createAbandonmentSweep({ db, provider, now }),
  }
}
export type OrderServices = ReturnType<typeof createOrderServices>
