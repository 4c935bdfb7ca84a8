import {
  defaultCurrency,
  type FieldErrors,
  isUuid,
  type OfferDropdownItem,
  type OfferImageField,
  type OfferListQuery,
  type Paginated,
} from '@funnelry/shared'
import type { Database, Executor } from '../../db/client.js'
import { NotFoundError, ValidationError } from '../../lib/errors.js'
import { toPage } from '../../lib/pagination.js'
import { throwIfFieldErrors } from './field-errors.js'
import { isPricedAboveZero } from './offer-attachments.js'
import { type ImageInput, type ImageValues, imageColumns, type OfferImages, replacedKeys } from './offer-images.js'
import type { OfferViews } from './offer-views.js'
import type { PaidAddOnDefinition } from './paid-add-on-kinds.js'
import type { PaidAddOnKind, PaidAddOnRow, PaidAddOnValues } from './paid-add-on-repository.js'

/** The image keys a row holds, by form field (a bump has no logo). */
const storedImages = (row: { assetImage: string | null; logo?: string | null }): Partial<Record<OfferImageField, string | null>> => ({
  asset_image: row.assetImage,
  ...('logo' in row ? { logo: row.logo ?? null } : {}),
})

/** BUMP and upsell offers: one service, parameterised by the kind's definition. */
export function createPaidAddOnService<
  K extends PaidAddOnKind,
  Form extends Partial<Record<OfferImageField, ImageInput>> & { currency?: number | undefined },
  View,
>(definition: PaidAddOnDefinition<K, Form, View>, { db, images, views }: { db: Database; images: OfferImages; views: OfferViews }) {
  type Row = PaidAddOnRow<K>
  const repo = definition.repository
  const view = definition.view(views)
  const imagesOf = (input: Form) => Object.fromEntries(definition.schemas.imageFields.map((field) => [field, input[field]]))
  /** On create every image column is set: a field left out is no image. */
  const allImageColumns = (stored: ImageValues) =>
    imageColumns(Object.fromEntries(definition.schemas.imageFields.map((field) => [field, stored[field] ?? null])))

  /**
   * What a free offer using it relies on: a bump and upsell attached to one free offer share a
   * currency (decision "Server rules"), and an attached one keeps a price above zero (decision D19).
   */
  async function attachmentChangeErrors(tx: Executor, current: Row, currency: number, priceCents: number | null): Promise<FieldErrors> {
    const errors: FieldErrors = {}
    if (currency !== current.currency && (await repo.pairedWithOtherCurrency(tx, current.id, currency))) {
      errors.currency = [definition.messages.currencyConflict]
    }
    if (!isPricedAboveZero(priceCents) && (await repo.isAttached(tx, current.id)))
      errors[definition.price.field] = [definition.messages.attachedNeedsPrice]
    return errors
  }

  /** Another seller's offer and a malformed id answer alike: 404. */
  async function findOwned(sellerId: string, id: string): Promise<Row> {
    const row = isUuid(id) ? await repo.findOwned(db, sellerId, id) : undefined
    if (!row) throw new NotFoundError()
    return row
  }

  return {
    async list(sellerId: string, query: OfferListQuery, listUrl: string): Promise<Paginated<View>> {
      const [rows, count] = await Promise.all([repo.page(db, sellerId, query), repo.count(db, sellerId, query)])
      return toPage(
        listUrl,
        query,
        count,
        rows.map((row) => view(row, { owner: true })),
      )
    },

    dropdown: (sellerId: string): Promise<OfferDropdownItem[]> => repo.dropdown(db, sellerId),

    /** The seller's own. */
    get: async (sellerId: string, id: string): Promise<View> => view(await findOwned(sellerId, id), { owner: true }),

    /** Public (the OTO preview and the funnel): anyone reads it unless archived, only its seller sees `url`. */
    async read(id: string, viewerId: string | null): Promise<View> {
      const row = isUuid(id) ? await repo.findById(db, id) : undefined
      // An archived one is never served to visitors; its seller still reads it (to restore it).
      if (!row || (row.archivedAt && row.sellerId !== viewerId)) throw new NotFoundError()
      return view(row, { owner: row.sellerId === viewerId })
    },

    async create(sellerId: string, input: Form): Promise<View> {
      const prepared = await images.prepare(imagesOf(input))
      throwIfFieldErrors(prepared.errors)
      return images.commit(prepared, async (stored) => {
        const values = { ...definition.columns(input, input.currency ?? defaultCurrency), ...allImageColumns(stored) } as PaidAddOnValues<K>
        return { value: view(await repo.insert(db, sellerId, values), { owner: true }), replaced: [] }
      })
    },

    async update(sellerId: string, id: string, input: Form): Promise<View> {
      const existing = await findOwned(sellerId, id)
      const priceCents = definition.price.cents(input)
      const [prepared, currencyErrors] = await Promise.all([
        images.prepare(imagesOf(input)),
        attachmentChangeErrors(db, existing, input.currency ?? existing.currency, priceCents),
      ])
      throwIfFieldErrors(currencyErrors, prepared.errors)
      return images.commit(prepared, (stored) =>
        db.transaction(async (tx) => {
          // Checked again under the row lock: a free offer may have attached it meanwhile.
          const current = await repo.lockOwned(tx, sellerId, id)
          if (!current) throw new NotFoundError()
          const currency = input.currency ?? current.currency
          const errors = await attachmentChangeErrors(tx, current, currency, priceCents)
          if (Object.keys(errors).length > 0) throw new ValidationError(errors)
          const row = await repo.update(tx, sellerId, id, {
            ...definition.columns(input, currency),
            ...imageColumns(stored),
          } as PaidAddOnValues<K>)
          if (!row) throw new NotFoundError()
          return { value: view(row, { owner: true }), replaced: replacedKeys(storedImages(current), stored) }
        }),
      )
    },
  }
}
export type PaidAddOnService<Form, View> = {
  list(sellerId: string, query: OfferListQuery, listUrl: string): Promise<Paginated<View>>
  dropdown(sellerId: string): Promise<OfferDropdownItem[]>
  get(sellerId: string, id: string): Promise<View>
  read(id: string, viewerId: string | null): Promise<View>
  create(sellerId: string, input: Form): Promise<View>
  update(sellerId: string, id: string, input: Form): Promise<View>
}
