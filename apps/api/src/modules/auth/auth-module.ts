import type { Database } from '../../db/client.js'
import type { ApiModule } from '../../lib/api-module.js'
import type { LimitStore } from '../../lib/limit-store.js'
import type { TokenSigner } from '../../lib/tokens.js'
import type { SellerService } from '../sellers/sellers-module.js'
import { authRoutes } from './auth-routes.js'
import { type AuthService, createAuthService } from './auth-service.js'

type Deps = { db: Database; tokens: TokenSigner; now: () => Date; limits: LimitStore; sellers: SellerService }

/** Log-in, refresh-token rotation and log-out; sellers are read through the sellers module's service. */
export function createAuthModule(deps: Deps): ApiModule<{ auth: AuthService }> {
  const auth = createAuthService(deps)
  return { services: { auth }, routes: async (api) => api.register(authRoutes, { auth, sellers: deps.sellers }) }
}
