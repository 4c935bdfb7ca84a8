import type { Database } from '../../db/client.js'
import type { ApiModule } from '../../lib/api-module.js'
import type { LimitStore } from '../../lib/limit-store.js'
import type { SellerChanges } from '../../lib/seller-changes.js'
import type { TokenSigner } from '../../lib/tokens.js'
import type { SellerService } from '../sellers/sellers-module.js'
import { authRoutes } from './auth-routes.js'
import { type AuthService, createAuthService } from './auth-service.js'
import { createLogIns, type LogIns } from './log-ins.js'

export type { LogIns } from './log-ins.js'

type Deps = { db: Database; tokens: TokenSigner; now: () => Date; limits: LimitStore; sellers: SellerService; changes: SellerChanges }

/**
 * Log-in, refresh-token rotation and log-out; sellers are read through the sellers module's
 * service. `logIns` tells whether an access token's log-in is still going (the auth plugin asks
 * on every signed-in request) and ends log-ins (log-out everywhere and password changes use it).
 */
export function createAuthModule(deps: Deps): ApiModule<{ auth: AuthService; logIns: LogIns }> {
  const logIns = createLogIns(deps)
  const auth = createAuthService({ ...deps, logIns })
  return { services: { auth, logIns }, routes: async (api) => api.register(authRoutes, { auth, sellers: deps.sellers }) }
}
