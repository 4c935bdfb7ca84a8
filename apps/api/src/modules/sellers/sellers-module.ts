import type { Database } from '../../db/client.js'
import type { ApiModule } from '../../lib/api-module.js'
import { sellerRoutes } from './seller-routes.js'
import { createSellerService, type SellerService } from './seller-service.js'

/** The sign-up link an invitation's email carries (a pure rule; cli/invite.ts prints it too). */
export { signUpLink } from './invitation-service.js'
export { seedOptionLists } from './option-lists.js'
export { hashPassword, type SellerService } from './seller-service.js'
/** Sellers' business names by id (a download email, a receipt), many at once. */
export type BusinessNames = SellerService['businessNames']

/** Sellers: sign-up by invitation (`sellers.invitations`, which the operator's invite command uses), their accounts, and the sign-up form's options. */
export function createSellersModule({ db, now }: { db: Database; now: () => Date }): ApiModule<{ sellers: SellerService }> {
  const sellers = createSellerService({ db, now })
  return { services: { sellers }, routes: async (api) => api.register(sellerRoutes, { sellers }) }
}
