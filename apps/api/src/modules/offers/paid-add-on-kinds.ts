import {
  amountToCents,
  type BumpOffer,
  type BumpOfferForm,
  bumpOfferFormSchema,
  bumpOfferImageFields,
  bumpOfferListSchema,
  bumpOfferSchema,
  type OfferImageField,
  offerMessages,
  type UpsellOffer,
  type UpsellOfferForm,
  upsellOfferFormSchema,
  upsellOfferImageFields,
  upsellOfferListSchema,
  upsellOfferSchema,
} from '@funnelry/shared'
import type { z } from 'zod'
import type { OfferViews } from './offer-views.js'
import { toCentsOrNull } from './offer-views.js'
import {
  bumpOfferRepository,
  type PaidAddOnKind,
  type PaidAddOnRepository,
  type PaidAddOnRow,
  type PaidAddOnValues,
  upsellOfferRepository,
} from './paid-add-on-repository.js'

export const bumpCurrencyConflict = 'A free offer uses this BUMP with an OTO in another currency. Detach one of them first.'
export const upsellCurrencyConflict = 'A free offer uses this OTO with a BUMP in another currency. Detach one of them first.'

/** Everything that tells a BUMP from an upsell: its fields (from the shared schemas), its path, its words. */
export type PaidAddOnDefinition<K extends PaidAddOnKind, Form, View> = {
  kind: K
  /**
   * Its calls: `/api/v1/<path>/...`, how the API docs name it, and whether anyone may read one by
   * id (the OTO preview and the funnel) or only its seller.
   */
  http: { path: string; label: string; tags: string[]; publicRead: boolean }
  /** The form it takes (and which of its fields are files), one offer and a page of them as answered. */
  schemas: { form: z.ZodType<Form>; item: z.ZodType<View>; list: z.ZodType; imageFields: readonly OfferImageField[] }
  /** The form field holding the price an attached one must keep above zero (D19), and its cents. */
  price: { field: string; cents: (input: Form) => number | null }
  view: (views: OfferViews) => (row: PaidAddOnRow<K>, viewer: { owner: boolean }) => View
  repository: PaidAddOnRepository<K>
  columns: (input: Form, currency: number) => Omit<PaidAddOnValues<K>, 'assetImage' | 'logo'>
  messages: { currencyConflict: string; attachedNeedsPrice: string }
}

export const bumpDefinition: PaidAddOnDefinition<'bump', BumpOfferForm, BumpOffer> = {
  kind: 'bump',
  http: { path: 'bump-offer', label: 'bump offer', tags: ['bump offers'], publicRead: false },
  schemas: { form: bumpOfferFormSchema, item: bumpOfferSchema, list: bumpOfferListSchema, imageFields: bumpOfferImageFields },
  price: { field: 'new_price', cents: (input) => toCentsOrNull(input.new_price) },
  // A bump is only ever read by its seller.
  view: (views) => (row) => views.bump(row),
  repository: bumpOfferRepository,
  columns: (input, currency) => ({
    url: input.url,
    headline: input.headline,
    description: input.description,
    currency,
    oldPriceCents: toCentsOrNull(input.old_price),
    priceCents: toCentsOrNull(input.new_price),
  }),
  messages: { currencyConflict: bumpCurrencyConflict, attachedNeedsPrice: offerMessages.attachedBumpNeedsPrice },
}

export const upsellDefinition: PaidAddOnDefinition<'upsell', UpsellOfferForm, UpsellOffer> = {
  kind: 'upsell',
  http: { path: 'upsell-offer', label: 'OTO offer', tags: ['upsell (OTO) offers'], publicRead: true },
  schemas: { form: upsellOfferFormSchema, item: upsellOfferSchema, list: upsellOfferListSchema, imageFields: upsellOfferImageFields },
  price: { field: 'product_price', cents: (input) => amountToCents(input.product_price) },
  view: (views) => views.upsell,
  repository: upsellOfferRepository,
  columns: (input, currency) => ({
    headline: input.headline,
    url: input.url,
    optInButton: input.opt_in_button,
    priceCents: amountToCents(input.product_price),
    currency,
    videoUrl: input.video_url,
    description: input.description,
  }),
  messages: { currencyConflict: upsellCurrencyConflict, attachedNeedsPrice: offerMessages.attachedUpsellNeedsPrice },
}
