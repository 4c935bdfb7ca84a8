import {
  amountToCents,
  defaultCurrency,
  type FieldErrors,
  isUuid,
  type OfferDropdownItem,
  offerMessages,
  type PageQuery,
  type UpsellOffer,
  type UpsellOfferForm,
  type UpsellOfferList,
} from '@funnelry/shared'
import type { Database, Executor } from '../../db/client.js'
import { NotFoundError, ValidationError } from '../../lib/errors.js'
import { throwIfFieldErrors } from './field-errors.js'
import { isPricedAboveZero } from './offer-attachments.js'
import { imageColumns, type OfferImages, replacedKeys } from './offer-images.js'
import type { OfferViews } from './offer-views.js'
import { pageWindow, toPage } from './pagination.js'
import { upsellOfferRepository as repo, type UpsellOfferRow, type UpsellOfferValues } from './upsell-offer-repository.js'

export const upsellCurrencyConflict = 'A free offer uses this OTO with a BUMP in another currency. Detach one of them first.'

/**
 * What a free offer using this upsell relies on: a bump and upsell attached to one free offer share a
 * currency (decision "Server rules"), and an attached upsell keeps a price above zero (decision D19).
 */
async function attachmentChangeErrors(
  db: Executor,
  current: UpsellOfferRow,
  currency: number,
  priceCents: number | null,
): Promise<FieldErrors> {
  const errors: FieldErrors = {}
  if (currency !== current.currency && (await repo.pairedWithOtherCurrency(db, current.id, currency))) {
    errors.currency = [upsellCurrencyConflict]
  }
  if (!isPricedAboveZero(priceCents) && (await repo.isAttached(db, current.id)))
    errors.product_price = [offerMessages.attachedUpsellNeedsPrice]
  return errors
}

const toValues = (input: UpsellOfferForm, currency: number): Omit<UpsellOfferValues, 'assetImage' | 'logo'> => ({
  headline: input.headline,
  url: input.url,
  optInButton: input.opt_in_button,
  productPriceCents: amountToCents(input.product_price),
  currency,
  videoUrl: input.video_url,
  description: input.description,
})

export function createUpsellOfferService({ db, images, views }: { db: Database; images: OfferImages; views: OfferViews }) {
  /** Another seller's offer and a malformed id answer alike: 404. */
  async function findOwned(sellerId: string, id: string): Promise<UpsellOfferRow> {
    const row = isUuid(id) ? await repo.findOwned(db, sellerId, id) : undefined
    if (!row) throw new NotFoundError()
    return row
  }

  return {
    async list(sellerId: string, query: PageQuery, listUrl: string): Promise<UpsellOfferList> {
      const [rows, count] = await Promise.all([repo.page(db, sellerId, pageWindow(query)), repo.count(db, sellerId)])
      return toPage(
        listUrl,
        query,
        count,
        rows.map((row) => views.upsell(row, { owner: true })),
      )
    },

    dropdown: (sellerId: string): Promise<OfferDropdownItem[]> => repo.dropdown(db, sellerId),

    /** Public (the OTO preview and the funnel): anyone reads it, only its seller sees `url`. */
    async get(id: string, viewerId: string | null): Promise<UpsellOffer> {
      const row = isUuid(id) ? await repo.findById(db, id) : undefined
      if (!row) throw new NotFoundError()
      return views.upsell(row, { owner: row.sellerId === viewerId })
    },

    async create(sellerId: string, input: UpsellOfferForm): Promise<UpsellOffer> {
      const prepared = await images.prepare({ asset_image: input.asset_image, logo: input.logo })
      throwIfFieldErrors(prepared.errors)
      return images.commit(prepared, async (stored) => {
        const values = {
          ...toValues(input, input.currency ?? defaultCurrency),
          assetImage: stored.asset_image ?? null,
          logo: stored.logo ?? null,
        }
        return { value: views.upsell(await repo.insert(db, sellerId, values), { owner: true }), replaced: [] }
      })
    },

    async update(sellerId: string, id: string, input: UpsellOfferForm): Promise<UpsellOffer> {
      const existing = await findOwned(sellerId, id)
      const [prepared, currencyErrors] = await Promise.all([
        images.prepare({ asset_image: input.asset_image, logo: input.logo }),
        attachmentChangeErrors(db, existing, input.currency ?? existing.currency, amountToCents(input.product_price)),
      ])
      throwIfFieldErrors(currencyErrors, prepared.errors)
      return images.commit(prepared, (stored) =>
        db.transaction(async (tx) => {
          // Checked again under the row lock: a free offer may have attached this upsell meanwhile.
          const current = await repo.lockOwned(tx, sellerId, id)
          if (!current) throw new NotFoundError()
          const currency = input.currency ?? current.currency
          const errors = await attachmentChangeErrors(tx, current, currency, amountToCents(input.product_price))
          if (Object.keys(errors).length > 0) throw new ValidationError(errors)
          const row = await repo.update(tx, sellerId, id, { ...toValues(input, currency), ...imageColumns(stored) })
          if (!row) throw new NotFoundError()
          const replaced = replacedKeys({ asset_image: current.assetImage, logo: current.logo }, stored)
          return { value: views.upsell(row, { owner: true }), replaced }
        }),
      )
    },
  }
}
export type UpsellOfferService = ReturnType<typeof createUpsellOfferService>
