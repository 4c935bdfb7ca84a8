import {
  type BumpOffer,
  type BumpOfferForm,
  type BumpOfferList,
  defaultCurrency,
  type FieldErrors,
  isUuid,
  type OfferDropdownItem,
  offerMessages,
  type PageQuery,
} from '@funnelry/shared'
import type { Database, Executor } from '../../db/client.js'
import { NotFoundError, ValidationError } from '../../lib/errors.js'
import { type BumpOfferRow, type BumpOfferValues, bumpOfferRepository as repo } from './bump-offer-repository.js'
import { throwIfFieldErrors } from './field-errors.js'
import { isPricedAboveZero } from './offer-attachments.js'
import { imageColumns, type OfferImages, replacedKeys } from './offer-images.js'
import { type OfferViews, toCentsOrNull } from './offer-views.js'
import { pageWindow, toPage } from './pagination.js'

export const bumpCurrencyConflict = 'A free offer uses this BUMP with an OTO in another currency. Detach one of them first.'

/**
 * What a free offer using this bump relies on: a bump and upsell attached to one free offer share a
 * currency (decision "Server rules"), and an attached bump keeps a price above zero (decision D19).
 */
async function attachmentChangeErrors(
  db: Executor,
  current: BumpOfferRow,
  currency: number,
  priceCents: number | null,
): Promise<FieldErrors> {
  const errors: FieldErrors = {}
  if (currency !== current.currency && (await repo.pairedWithOtherCurrency(db, current.id, currency))) {
    errors.currency = [bumpCurrencyConflict]
  }
  if (!isPricedAboveZero(priceCents) && (await repo.isAttached(db, current.id))) errors.new_price = [offerMessages.attachedBumpNeedsPrice]
  return errors
}

const toValues = (input: BumpOfferForm, currency: number): Omit<BumpOfferValues, 'assetImage'> => ({
  url: input.url,
  headline: input.headline,
  description: input.description,
  currency,
  oldPriceCents: toCentsOrNull(input.old_price),
  newPriceCents: toCentsOrNull(input.new_price),
})

export function createBumpOfferService({ db, images, views }: { db: Database; images: OfferImages; views: OfferViews }) {
  /** Another seller's offer and a malformed id answer alike: 404. */
  async function findOwned(sellerId: string, id: string): Promise<BumpOfferRow> {
    const row = isUuid(id) ? await repo.findOwned(db, sellerId, id) : undefined
    if (!row) throw new NotFoundError()
    return row
  }

  return {
    async list(sellerId: string, query: PageQuery, listUrl: string): Promise<BumpOfferList> {
      const [rows, count] = await Promise.all([repo.page(db, sellerId, pageWindow(query)), repo.count(db, sellerId)])
      return toPage(listUrl, query, count, rows.map(views.bump))
    },

    dropdown: (sellerId: string): Promise<OfferDropdownItem[]> => repo.dropdown(db, sellerId),

    get: async (sellerId: string, id: string): Promise<BumpOffer> => views.bump(await findOwned(sellerId, id)),

    async create(sellerId: string, input: BumpOfferForm): Promise<BumpOffer> {
      const prepared = await images.prepare({ asset_image: input.asset_image })
      throwIfFieldErrors(prepared.errors)
      return images.commit(prepared, async (stored) => {
        const values = { ...toValues(input, input.currency ?? defaultCurrency), assetImage: stored.asset_image ?? null }
        return { value: views.bump(await repo.insert(db, sellerId, values)), replaced: [] }
      })
    },

    async update(sellerId: string, id: string, input: BumpOfferForm): Promise<BumpOffer> {
      const existing = await findOwned(sellerId, id)
      const [prepared, currencyErrors] = await Promise.all([
        images.prepare({ asset_image: input.asset_image }),
        attachmentChangeErrors(db, existing, input.currency ?? existing.currency, toCentsOrNull(input.new_price)),
      ])
      throwIfFieldErrors(currencyErrors, prepared.errors)
      return images.commit(prepared, (stored) =>
        db.transaction(async (tx) => {
          // Checked again under the row lock: a free offer may have attached this bump meanwhile.
          const current = await repo.lockOwned(tx, sellerId, id)
          if (!current) throw new NotFoundError()
          const currency = input.currency ?? current.currency
          const errors = await attachmentChangeErrors(tx, current, currency, toCentsOrNull(input.new_price))
          if (Object.keys(errors).length > 0) throw new ValidationError(errors)
          const row = await repo.update(tx, sellerId, id, { ...toValues(input, currency), ...imageColumns(stored) })
          if (!row) throw new NotFoundError()
          return { value: views.bump(row), replaced: replacedKeys({ asset_image: current.assetImage }, stored) }
        }),
      )
    },
  }
}
export type BumpOfferService = ReturnType<typeof createBumpOfferService>
