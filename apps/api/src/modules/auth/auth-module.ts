import type { Config } from '../../config.js'
import type { Database } from '../../db/client.js'
import type { JobQueue } from '../../jobs/queue.js'
import type { ApiModule } from '../../lib/api-module.js'
import type { LimitStore } from '../../lib/limit-store.js'
import type { SellerChanges } from '../../lib/seller-changes.js'
import type { TokenSigner } from '../../lib/tokens.js'
import type { SellerService } from '../sellers/sellers-module.js'
import { accountRoutes } from './account-routes.js'
import { authRoutes } from './auth-routes.js'
import { type AuthService, createAuthService } from './auth-service.js'
import { createLogIns, type LogIns } from './log-ins.js'
import { createPasswordChange } from './password-change.js'
import { createPasswordResetService } from './password-reset-service.js'
import { createSecretBox, loadTwoFactorKey } from './secret-box.js'
import { createTwoFactorService } from './two-factor-service.js'

export type { LogIns } from './log-ins.js'

type Deps = {
  config: Config
  db: Database
  jobs: JobQueue
  tokens: TokenSigner
  now: () => Date
  limits: LimitStore
  sellers: SellerService
  changes: SellerChanges
}

/**
 * Log-in (with two-factor when on), refresh-token rotation, log-out, and the account's protection:
 * password reset and change, log-out everywhere, two-factor set-up (decisions D32, D33). Sellers
 * are read and their password stored through the sellers module's service. `logIns` tells whether
 * an access token's log-in is still going (the auth plugin asks on every signed-in request) and
 * ends log-ins.
 */
export async function createAuthModule(deps: Deps): Promise<ApiModule<{ auth: AuthService; logIns: LogIns }>> {
  const logIns = createLogIns(deps)
  const box = createSecretBox(await loadTwoFactorKey(deps.config))
  const twoFactor = createTwoFactorService({ ...deps, box })
  const auth = createAuthService({ ...deps, logIns, twoFactor })
  const resets = createPasswordResetService({ ...deps, logIns, publicUrl: deps.config.publicUrl })
  const changePassword = createPasswordChange({ ...deps, logIns })
  return {
    services: { auth, logIns },
    routes: async (api) => {
      await api.register(authRoutes, { auth, sellers: deps.sellers })
      await api.register(accountRoutes, { resets, changePassword, logIns, twoFactor })
    },
  }
}
