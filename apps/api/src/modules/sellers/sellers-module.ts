import type { Database } from '../../db/client.js'
import type { ApiModule } from '../../lib/api-module.js'
import { sellerRoutes } from './seller-routes.js'
import { createSellerService, type SellerService } from './seller-service.js'

/** The operator's invitation command (cli/invite.ts). */
export { createInvitationService, signUpLink } from './invitation-service.js'
export { hashPassword, type SellerService } from './seller-service.js'

/** Sellers: sign-up by invitation, their accounts, and the sign-up form's options. */
export function createSellersModule({ db, now }: { db: Database; now: () => Date }): ApiModule<{ sellers: SellerService }> {
  const sellers = createSellerService({ db, now })
  return { services: { sellers }, routes: async (api) => api.register(sellerRoutes, { sellers }) }
}
