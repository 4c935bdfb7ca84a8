import type { Executor } from '../../db/client.js'
import type { OfferPublicContext } from '../offers/offers-module.js'
import { toPixel } from './pixel-service.js'
import { domainRepository, pixelRepository, storeSettingsRepository } from './settings-repository.js'

/*
 * What a seller's settings add to their public offers (the offers module's `OfferPublicContext`):
 * the link base of `show_url` (the custom domain when set), the advertising pixels and the company
 * links. The offers module calls these; it never reads the settings tables itself.
 */

/**
 * Where a seller's public offer links start: their domain once proven (served over TLS by the
 * proxy), or the pages origin; never the dashboard's origin (decision D23).
 */
export async function publicOfferLinkBase(db: Executor, pagesUrl: string, sellerId: string): Promise<string> {
  const domain = await domainRepository.findBySeller(db, sellerId)
  return domain?.status === 'verified' ? `https://${domain.domain}` : pagesUrl
}

/** Decision D31's setting, kept with the conversions API settings (the conversions module's). */
export type ConsentRequired = (executor: Executor, sellerId: string) => Promise<boolean>

export async function publicOfferContext(
  db: Executor,
  pagesUrl: string,
  sellerId: string,
  consentRequiredFor: ConsentRequired,
): Promise<OfferPublicContext> {
  const [linkBase, pixels, settings, consentRequired] = await Promise.all([
    publicOfferLinkBase(db, pagesUrl, sellerId),
    pixelRepository.list(db, sellerId),
    storeSettingsRepository.find(db, sellerId),
    consentRequiredFor(db, sellerId),
  ])
  return {
    linkBase,
    advertising_pixels: pixels.map(toPixel),
    consent_required: consentRequired,
    store_links: {
      privacy_policy: settings?.privacyPolicy ?? null,
      terms_and_conditions: settings?.termsAndConditions ?? null,
      support_link: settings?.supportLink ?? null,
    },
  }
}

/** The same, bound to one database and pages origin, for services built as factories. */
export function createOfferPublicContext({
  db,
  pagesUrl,
  consentRequired,
}: {
  db: Executor
  pagesUrl: string
  consentRequired: ConsentRequired
}) {
  return {
    linkBase: (sellerId: string) => publicOfferLinkBase(db, pagesUrl, sellerId),
    forSeller: (sellerId: string) => publicOfferContext(db, pagesUrl, sellerId, consentRequired),
  }
}
export type OfferPublicContextService = ReturnType<typeof createOfferPublicContext>
