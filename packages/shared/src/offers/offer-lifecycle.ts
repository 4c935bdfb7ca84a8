import { z } from 'zod'
import { pageQuerySchema } from '../common/pagination.js'

/** The three kinds of offer, as the lifecycle calls and messages name them. */
export const offerKinds = ['free', 'bump', 'upsell'] as const
export type OfferKind = (typeof offerKinds)[number]

/** What sellers call each kind (spec: "Free Offer", "BUMP", "OTO"). */
export const offerKindNames: Record<OfferKind, string> = { free: 'free offer', bump: 'BUMP offer', upsell: 'OTO offer' }

export const offerOrderings = ['newest', 'oldest'] as const
export type OfferOrdering = (typeof offerOrderings)[number]

export const maxOfferSearchLength = 100

/**
 * A list of offers: a page, a search in the headline (any part, any case), newest or oldest first,
 * and the archived offers instead of the ones in use (docs/decisions/0021).
 */
export const offerListQuerySchema = pageQuerySchema.extend({
  search: z
    .string()
    .trim()
    .max(maxOfferSearchLength, `Search for at most ${maxOfferSearchLength} characters.`)
    .optional()
    .transform((value) => value || undefined),
  ordering: z.enum(offerOrderings, { error: 'ordering must be "newest" or "oldest".' }).default('newest'),
  archived: z
    .enum(['true', 'false'], { error: 'archived must be "true" or "false".' })
    .default('false')
    .transform((value) => value === 'true'),
})
export type OfferListQuery = z.infer<typeof offerListQuerySchema>

/** A 409's body when an offer cannot be deleted; `used_by` names the free offers to detach it from first. */
export const offerInUseSchema = z.object({ detail: z.string(), used_by: z.array(z.object({ id: z.guid(), headline: z.string() })) })
export type OfferInUse = z.infer<typeof offerInUseSchema>

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`

export const offerLifecycleMessages = {
  /** docs/decisions/0021: an offer with sales data is archived, never deleted. */
  hasSales: (kind: OfferKind, leads: number, orders: number) =>
    `This ${offerKindNames[kind]} has ${[leads ? plural(leads, 'lead') : '', orders ? plural(orders, 'order') : ''].filter(Boolean).join(' and ')}. Archive it instead: archived offers keep their leads and orders.`,
  attached: (kind: OfferKind, headlines: string[]) =>
    `This ${offerKindNames[kind]} is used by the free offer${headlines.length === 1 ? '' : 's'} ${headlines.map((headline) => `"${headline}"`).join(', ')}. Detach it there first.`,
  copyOf: (headline: string | null) => `Copy of ${headline ?? 'Untitled'}`,
} as const
