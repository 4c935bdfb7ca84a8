import type { OfferKind } from '@funnelry/shared'
import type { Executor } from '../../db/client.js'

/**
 * How many of another module's rows point at an offer, counted in the caller's transaction (the one
 * that holds the offer's row locked). Leads and orders own those rows (docs/decisions/0016) and
 * orders depend on offers, so the composition root (api-modules.ts) hands offers this from their services.
 */
export type OfferUsage = {
  countFor(executor: Executor, kind: OfferKind, offerId: string): Promise<{ leads: number; orders: number }>
}

/** One owner's count of its rows that point at an offer. */
export type OfferUsageCount = (executor: Executor, kind: OfferKind, offerId: string) => Promise<number>
