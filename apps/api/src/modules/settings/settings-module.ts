import type { Config } from '../../config.js'
import type { Database } from '../../db/client.js'
import type { Owns } from '../../http/public-page.js'
import type { ApiModule } from '../../lib/api-module.js'
import type { WebhookSettingsService } from '../webhooks/webhooks-module.js'
import { createCustomDomainAccess } from './custom-domain-access.js'
import { createDomainProofChecker } from './domain-proof.js'
import { domainRoutes } from './domain-routes.js'
import { createDomainService } from './domain-service.js'
import { type ConsentRequired, createOfferPublicContext } from './offer-public-context.js'
import { pixelRoutes } from './pixel-routes.js'
import { createPixelService } from './pixel-service.js'
import { settingsRoutes } from './settings-routes.js'
import { createStoreSettingsService } from './store-settings-service.js'

export type { CustomDomainAccess } from './custom-domain-access.js'
export type { OfferPublicContextService } from './offer-public-context.js'

function createSettingsServices({
  db,
  config,
  now,
  webhooks,
  consentRequired,
  ownsFreeOffer,
}: {
  db: Database
  config: Config
  now: () => Date
  /** Decision D31's consent setting, the conversions module's (its `consentRequired`). */
  consentRequired: ConsentRequired
  /** The CRM webhook's settings (the webhooks module's), which the store settings call carries with the company links. */
  webhooks: WebhookSettingsService
  /** Whose a free offer is (the offers module's): a domain's default offer must be its seller's. */
  ownsFreeOffer: Owns
}) {
  // One per process: the domain service tells it at once when a domain changes owner or state.
  const domainAccess = createCustomDomainAccess({ db })
  return {
    storeSettings: createStoreSettingsService({ db, now, webhooks }),
    domains: createDomainService({
      db,
      now,
      publicUrl: config.publicUrl,
      pagesUrl: config.pagesUrl,
      publicIp: config.PUBLIC_IP,
      proof: createDomainProofChecker({ dnsServer: config.DNS_SERVER }),
      onChange: domainAccess.forget,
      ownsFreeOffer,
    }),
    pixels: createPixelService({ db, now }),
    /** What a seller's settings add to their public offers (the offers module's show_url, pixels, links). */
    offerContext: createOfferPublicContext({ db, pagesUrl: config.pagesUrl, consentRequired }),
    /** Which seller a custom domain is, and the offer its root shows (host routing). */
    domainAccess,
  }
}
export type SettingsServices = ReturnType<typeof createSettingsServices>

/** The Settings area: store settings, advertising pixels, custom domains and what they add to public offers. */
export function createSettingsModule(deps: Parameters<typeof createSettingsServices>[0]): ApiModule<SettingsServices> {
  const settings = createSettingsServices(deps)
  return {
    services: settings,
    routes: async (api) => {
      await api.register(settingsRoutes, { storeSettings: settings.storeSettings, domains: settings.domains })
      await api.register(pixelRoutes, { pixels: settings.pixels })
      await api.register(domainRoutes, { domains: settings.domains })
    },
  }
}
