import {
  type AfterPurchaseStep,
  type FieldErrors,
  type FreeOffer,
  type FreeOfferForm,
  type FreeOfferList,
  isUuid,
  type OfferListQuery,
  offerMessages,
  postPurchaseMessages,
} from '@funnelry/shared'
import type { Database, Executor } from '../../db/client.js'
import { NotFoundError } from '../../lib/errors.js'
import { toPage } from '../../lib/pagination.js'
import { throwIfFieldErrors } from './field-errors.js'
import type { LoadFreeOfferPublishing, SellerPayability } from './free-offer-publishing.js'
import { type FreeOfferValues, freeOfferRepository as repo } from './free-offer-repository.js'
import { isPricedAboveZero, offeredBump, offeredUpsell } from './offer-attachments.js'
import { imageColumns, type OfferImages, replacedKeys } from './offer-images.js'
import type { OfferViews } from './offer-views.js'
import { bumpOfferRepository, upsellOfferRepository } from './paid-add-on-repository.js'

// A split test's variant (issue 27) has a bump and upsell of its own but keeps the page's after-purchase steps.
type Attachments = Pick<FreeOfferForm, 'bump_offer_id' | 'upsell_offer_id'> & Partial<Pick<FreeOfferForm, 'after_purchase'>>

/**
 * The bump and upsell must be the seller's own, priced above zero (decision D19) and share a
 * currency (decision "Server rules"). Their rows stay FOR SHARE locked inside a transaction, so
 * neither can change before the free offer is saved (the bump and upsell updates check the
 * pairing under FOR UPDATE).
 */
export async function attachmentErrors(db: Executor, sellerId: string, input: Attachments): Promise<FieldErrors> {
  const { bump_offer_id: bumpId, upsell_offer_id: upsellId } = input
  const [bump, upsell] = await Promise.all([
    bumpId ? bumpOfferRepository.findForAttachment(db, sellerId, bumpId) : undefined,
    upsellId ? upsellOfferRepository.findForAttachment(db, sellerId, upsellId) : undefined,
  ])
  const errors: FieldErrors = {}
  if (bumpId && !bump) errors.bump_offer_id = [offerMessages.chooseBump]
  else if (bump && !isPricedAboveZero(bump.priceCents)) errors.bump_offer_id = [offerMessages.unpricedBump(bump.headline)]
  if (upsellId && !upsell) errors.upsell_offer_id = [offerMessages.chooseUpsell]
  else if (upsell && !isPricedAboveZero(upsell.priceCents)) errors.upsell_offer_id = [offerMessages.unpricedUpsell(upsell.headline)]
  else if (bump && upsell && bump.currency !== upsell.currency) errors.upsell_offer_id = [offerMessages.currencyMismatch]
  const stepErrors = await afterPurchaseErrors(db, sellerId, input.after_purchase ?? [], upsellId ?? null)
  if (stepErrors.length > 0) errors.after_purchase = stepErrors
  return errors
}

/**
 * Decision D34: every step's offers are the seller's own OTO offers, priced above zero, and each is
 * offered once in the whole funnel (with the OTO before the payment, when the form names one): a
 * buyer who took an offer must never be asked to pay for it again.
 */
async function afterPurchaseErrors(db: Executor, sellerId: string, steps: AfterPurchaseStep[], upsellBeforePayment: string | null) {
  const offered = steps.flatMap((step) => [step.upsell_offer_id, ...(step.downsell_offer_id ? [step.downsell_offer_id] : [])])
  const ids = [...new Set(offered)]
  const found = await Promise.all(ids.map((id) => upsellOfferRepository.findForAttachment(db, sellerId, id)))
  const errors = new Set<string>()
  if (ids.length < offered.length || (upsellBeforePayment !== null && ids.includes(upsellBeforePayment))) {
    errors.add(postPurchaseMessages.repeatedStepOffer)
  }
  for (const offer of found) {
    if (!offer) errors.add(postPurchaseMessages.chooseStepOffer)
    else if (!isPricedAboveZero(offer.priceCents)) errors.add(postPurchaseMessages.unpricedStepOffer(offer.headline ?? ''))
  }
  return [...errors]
}

const toValues = (input: FreeOfferForm): Omit<FreeOfferValues, 'assetImage' | 'logo' | 'isActive'> => ({
  headline: input.headline,
  subHeadline: input.sub_headline,
  url: input.url,
  optInButton: input.opt_in_button,
  bumpOfferId: input.bump_offer_id,
  upsellOfferId: input.upsell_offer_id,
  // Absent on an update: the steps stay as they are.
  ...(input.after_purchase === undefined ? {} : { afterPurchase: input.after_purchase }),
})

export function createFreeOfferService(deps: {
  db: Database
  images: OfferImages
  views: OfferViews
  publishing: LoadFreeOfferPublishing
  payments: SellerPayability
}) {
  const { db, images, views, publishing, payments } = deps

  /**
   * Decision D27: an offer with a paid BUMP or OTO goes live only while its seller can be paid, so
   * no visitor ticks an add-on that cannot be charged. Saving it inactive is always allowed.
   */
  async function activationErrors(sellerId: string, isActive: boolean, paidAddOn: boolean): Promise<FieldErrors> {
    if (!isActive || !paidAddOn || (await payments.canTakeCharges(sellerId))) return {}
    return { is_active: [offerMessages.connectPaymentsFirst] }
  }
  const hasAddOn = (input: Attachments) => Boolean(input.bump_offer_id || input.upsell_offer_id || input.after_purchase?.length)

  /** Another seller's offer and a malformed id answer alike: 404. */
  async function findOwned(sellerId: string, id: string) {
    const found = isUuid(id) ? await repo.findOwned(db, sellerId, id) : undefined
    if (!found) throw new NotFoundError()
    return found
  }

  /** The seller's own offer as its dashboard shows it. */
  const getOwned = async (sellerId: string, id: string): Promise<FreeOffer> =>
    views.free(await findOwned(sellerId, id), await publishing(sellerId), { owner: true })

  /** Runs before any file is written, so a form with several problems reports them together. */
  async function prepare(sellerId: string, input: FreeOfferForm, isActive: boolean) {
    const [prepared, errors, activation] = await Promise.all([
      images.prepare({ asset_image: input.asset_image, logo: input.logo }),
      attachmentErrors(db, sellerId, input),
      activationErrors(sellerId, isActive, hasAddOn(input)),
    ])
    throwIfFieldErrors({ ...errors, ...activation }, prepared.errors)
    return prepared
  }

  return {
    async list(sellerId: string, query: OfferListQuery, listUrl: string): Promise<FreeOfferList> {
      const [rows, count, published] = await Promise.all([
        repo.page(db, sellerId, query),
        repo.count(db, sellerId, query),
        publishing(sellerId),
      ])
      return toPage(
        listUrl,
        query,
        count,
        rows.map((row) => views.free(row, published, { owner: true })),
      )
    },

    /** Public (the funnel page and its preview): active or not, anyone reads it unless archived; only its seller sees `url`. */
    async get(id: string, viewerId: string | null): Promise<FreeOffer> {
      const found = isUuid(id) ? await repo.findById(db, id) : undefined
      const owner = found?.offer.sellerId === viewerId
      // An archived offer is never served to visitors; its seller still reads it (to restore it).
      if (!found || (found.offer.archivedAt && !owner)) throw new NotFoundError()
      return views.free(found, await publishing(found.offer.sellerId), { owner })
    },

    /** A visitor's view (no download link) with the seller it belongs to, or undefined: what the public cache keeps. */
    async findPublic(id: string): Promise<{ sellerId: string; view: FreeOffer } | undefined> {
      const found = isUuid(id) ? await repo.findById(db, id) : undefined
      if (!found || found.offer.archivedAt) return undefined
      return { sellerId: found.offer.sellerId, view: views.free(found, await publishing(found.offer.sellerId), { owner: false }) }
    },

    async create(sellerId: string, input: FreeOfferForm): Promise<FreeOffer> {
      const prepared = await prepare(sellerId, input, input.is_active ?? true)
      const id = await images.commit(prepared, (stored) =>
        db.transaction(async (tx) => {
          throwIfFieldErrors(await attachmentErrors(tx, sellerId, input))
          const values = {
            ...toValues(input),
            afterPurchase: input.after_purchase ?? [],
            isActive: input.is_active ?? true,
            assetImage: stored.asset_image ?? null,
            logo: stored.logo ?? null,
          }
          return { value: await repo.insert(tx, sellerId, values), replaced: [] }
        }),
      )
      return getOwned(sellerId, id)
    },

    /** PUT: every text field is replaced (empty clears); images change only when sent. */
    async update(sellerId: string, id: string, input: FreeOfferForm): Promise<FreeOffer> {
      const found = await findOwned(sellerId, id)
      const prepared = await prepare(sellerId, input, input.is_active ?? found.offer.isActive)
      await images.commit(prepared, (stored) =>
        db.transaction(async (tx) => {
          const current = await repo.lockOwned(tx, sellerId, id)
          if (!current) throw new NotFoundError()
          throwIfFieldErrors(await attachmentErrors(tx, sellerId, input))
          const values = { ...toValues(input), isActive: input.is_active ?? current.isActive, ...imageColumns(stored) }
          await repo.update(tx, sellerId, id, values)
          return { value: undefined, replaced: replacedKeys({ asset_image: current.assetImage, logo: current.logo }, stored) }
        }),
      )
      return getOwned(sellerId, id)
    },

    /** PATCH: the list card's switch. */
    async setActive(sellerId: string, id: string, isActive: boolean): Promise<FreeOffer> {
      const found = await findOwned(sellerId, id)
      throwIfFieldErrors(
        await activationErrors(sellerId, isActive, Boolean(offeredBump(found) || offeredUpsell(found) || found.offer.afterPurchase.length)),
      )
      if (!(await repo.update(db, sellerId, id, { isActive }))) throw new NotFoundError()
      return getOwned(sellerId, id)
    },
  }
}
export type FreeOfferService = ReturnType<typeof createFreeOfferService>
