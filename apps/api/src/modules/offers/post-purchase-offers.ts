import type { AfterPurchaseStep, AttachedUpsellOffer } from '@funnelry/shared'
import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import type { OfferViews } from './offer-views.js'
import { freeOffers, upsellOffers } from './offers-tables.js'

/** An OTO offer a post-purchase step charges for: what the page shows and what the charge and its email need. */
export type StepOffer = {
  view: AttachedUpsellOffer
  headline: string
  /** The download link, for the purchase email (never shown on the page). */
  url: string
  priceCents: number
  currency: number
}

export type PostPurchaseSteps = {
  /** The free offer the steps follow; `logo` is its image's URL (the page shows it as the offer page does). */
  freeOffer: { id: string; sellerId: string; headline: string; url: string; logo: string | null }
  /** Each step's offers, resolved; a step whose OTO offer is gone (deleted or archived) is left out. */
  steps: { upsell: StepOffer; downsell: StepOffer | null }[]
}

/**
 * Decision D34: a free offer's after-purchase steps with their OTO offers, read for the
 * post-purchase page and its charges (the server's prices, always). Only the free offer's seller's
 * offers are ever resolved, whatever the stored ids say.
 */
export function createPostPurchaseOffers(views: OfferViews) {
  return async function stepsOf(db: Executor, freeOfferId: string): Promise<PostPurchaseSteps | undefined> {
    const [offer] = await db.select().from(freeOffers).where(eq(freeOffers.id, freeOfferId))
    if (!offer) return undefined
    const ids = offer.afterPurchase.flatMap((step: AfterPurchaseStep) => [step.upsell_offer_id, step.downsell_offer_id ?? offer.id])
    const rows = await db
      .select()
      .from(upsellOffers)
      .where(and(inArray(upsellOffers.id, ids), eq(upsellOffers.sellerId, offer.sellerId), isNull(upsellOffers.archivedAt)))
    const byId = new Map(
      rows
        .filter((row) => row.priceCents > 0)
        .map((row): [string, StepOffer] => [
          row.id,
          {
            view: views.attachedUpsell(row),
            headline: row.headline,
            url: row.url,
            priceCents: row.priceCents,
            currency: row.currency,
          },
        ]),
    )
    const steps = offer.afterPurchase.flatMap((step) => {
      const upsell = byId.get(step.upsell_offer_id)
      const downsell = step.downsell_offer_id ? (byId.get(step.downsell_offer_id) ?? null) : null
      return upsell ? [{ upsell, downsell }] : []
    })
    const freeOffer = { id: offer.id, sellerId: offer.sellerId, headline: offer.headline, url: offer.url, logo: views.imageUrl(offer.logo) }
    return { freeOffer, steps }
  }
}
export type PostPurchaseOffers = ReturnType<typeof createPostPurchaseOffers>
