import {
  type FieldErrors,
  isUuid,
  maxVariants,
  type SplitVariantCreate,
  type SplitVariantImage,
  type SplitVariantUpdate,
  splitTestMessages,
} from '@funnelry/shared'
import type { Database, Executor } from '../../db/client.js'
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js'
import type { OfferPageVersions, PageContent } from '../offers/offers-module.js'
import { contentOfVariant } from './split-pages.js'
import { splitTestRepository as repo, type SplitTestWithVariants, type SplitVariantRow } from './split-test-repository.js'

type ContentInput = Pick<SplitVariantCreate, 'headline' | 'sub_headline' | 'opt_in_button' | 'bump_offer_id' | 'upsell_offer_id'>

/** A field left out keeps what `base` has; null removes an optional one. */
const contentFrom = (base: PageContent, input: ContentInput): PageContent => ({
  headline: input.headline ?? base.headline,
  subHeadline: input.sub_headline === undefined ? base.subHeadline : input.sub_headline,
  optInButton: input.opt_in_button ?? base.optInButton,
  bumpOfferId: input.bump_offer_id === undefined ? base.bumpOfferId : input.bump_offer_id,
  upsellOfferId: input.upsell_offer_id === undefined ? base.upsellOfferId : input.upsell_offer_id,
})

function throwIfErrors(errors: FieldErrors) {
  if (Object.keys(errors).length > 0) throw new ValidationError(errors)
}

/** Weights are whole percentages of the visitors: all arms together must make 100. */
function checkWeights(weights: number[]) {
  const total = weights.reduce((sum, weight) => sum + weight, 0)
  if (total !== 100) throw ValidationError.field('weight', splitTestMessages.weightsSum(total))
}

type PgError = { code?: string; cause?: PgError } | null | undefined
const isUniqueViolation = (error: unknown) => (error as PgError)?.code === '23505' || (error as PgError)?.cause?.code === '23505'

/** Variant names the seller reads in the results: "Variant B", "Variant C"… after the original. */
const nextName = (test: SplitTestWithVariants | undefined) => `Variant ${String.fromCharCode(66 + (test ? test.variants.length - 1 : 0))}`

/**
 * Starting a split test, its variants, and ending it with a winner (issue 27, decision D36). Arms
 * and weights can change only until the first visitor is counted: after that a change would make
 * the sample-ratio check and the comparison meaningless.
 */
export function createSplitTestService({ db, versions, now }: { db: Database; versions: OfferPageVersions; now: () => Date }) {
  async function lockUnvisited(tx: Executor, offerId: string) {
    const running = await repo.lockRunning(tx, offerId)
    if (
      running &&
      (await repo.hasVisitors(
        tx,
        running.variants.map((variant) => variant.id),
      ))
    ) {
      throw new ConflictError(splitTestMessages.startedWithVisitors)
    }
    return running
  }

  return {
    /** The page's own content, from the offer (404 for another seller's); the start of every variant. */
    ownedPage: (sellerId: string, offerId: string) => versions.ownedContent(sellerId, offerId),

    async createVariant(sellerId: string, offerId: string, input: SplitVariantCreate): Promise<SplitVariantRow> {
      const page = await versions.ownedContent(sellerId, offerId)
      if (page.archived) throw new ConflictError(splitTestMessages.archived)
      const content = contentFrom(page.content, input)
      throwIfErrors(await versions.contentErrors(sellerId, content))
      try {
        return await db.transaction(async (tx) => {
          const running = await lockUnvisited(tx, offerId)
          const variants = running?.variants.filter((variant) => !variant.isControl) ?? []
          if (variants.length >= maxVariants) throw ValidationError.nonField(splitTestMessages.tooManyVariants)
          const control = running?.variants.find((variant) => variant.isControl)
          const controlWeight = input.control_weight ?? control?.weight ?? 100 - input.weight
          checkWeights([controlWeight, ...variants.map((variant) => variant.weight), input.weight])
          let testId = running?.test.id
          if (!testId) {
            const test = await repo.insertTest(
              tx,
              { sellerId, freeOfferId: offerId, minimumDays: input.minimum_days ?? 7, minimumVisitors: input.minimum_visitors ?? 100 },
              now(),
            )
            testId = test.id
            await repo.insertVariant(tx, {
              splitTestId: testId,
              sellerId,
              freeOfferId: offerId,
              isControl: true,
              name: 'Original',
              weight: controlWeight,
            })
          } else if (control && control.weight !== controlWeight) {
            await repo.updateVariant(tx, control.id, { weight: controlWeight })
          }
          return repo.insertVariant(tx, {
            splitTestId: testId,
            sellerId,
            freeOfferId: offerId,
            name: input.name || nextName(running),
            weight: input.weight,
            ...content,
          })
        })
      } catch (error) {
        // Two first variants at once: one started the test, the other is told to look again.
        if (isUniqueViolation(error)) throw new ConflictError('A split test was just started on this offer. Reload the page to see it.')
        throw error
      }
    },

    async updateVariant(sellerId: string, offerId: string, variantId: string, input: SplitVariantUpdate): Promise<SplitVariantRow> {
      await versions.ownedContent(sellerId, offerId)
      return db.transaction(async (tx) => {
        const running = await lockUnvisited(tx, offerId)
        const variant = isUuid(variantId) ? running?.variants.find((arm) => arm.id === variantId) : undefined
        if (!running || !variant) throw new NotFoundError('This variant does not exist.')
        const changesContent = ['headline', 'sub_headline', 'opt_in_button', 'bump_offer_id', 'upsell_offer_id'].some(
          (field) => input[field as keyof ContentInput] !== undefined,
        )
        // The original is the page itself: it is edited as the offer, not here.
        if (variant.isControl && changesContent) throw ValidationError.nonField('Edit the original through the offer itself.')
        const content = variant.isControl ? null : contentFrom(contentOfVariant(variant), input)
        if (content) throwIfErrors(await versions.contentErrors(sellerId, content))
        const weights = new Map(running.variants.map((arm) => [arm.id, arm.weight]))
        if (input.weight !== undefined) weights.set(variant.id, input.weight)
        const control = running.variants.find((arm) => arm.isControl)
        if (control && input.control_weight !== undefined) weights.set(control.id, input.control_weight)
        checkWeights([...weights.values()])
        for (const arm of running.variants) {
          const weight = weights.get(arm.id) ?? arm.weight
          const values = arm.id === variant.id ? { weight, ...(content ?? {}), ...(input.name ? { name: input.name } : {}) } : { weight }
          if (arm.id === variant.id || weight !== arm.weight) await repo.updateVariant(tx, arm.id, values)
        }
        const updated = await repo.variant(tx, variant.id)
        if (!updated) throw new NotFoundError('This variant does not exist.')
        return updated
      })
    },

    /**
     * The variant's own image, until the test's first visitor: checked before anything is stored, and
     * the file it replaces is deleted once the row is written (unless still shown elsewhere).
     */
    async setImage(sellerId: string, offerId: string, variantId: string, input: SplitVariantImage): Promise<SplitVariantRow> {
      await versions.ownedContent(sellerId, offerId)
      const prepared = await versions.images.prepare({ asset_image: input.asset_image })
      throwIfErrors(prepared.errors)
      return versions.images.commit(prepared, (stored) =>
        db.transaction(async (tx) => {
          const running = await lockUnvisited(tx, offerId)
          const variant = isUuid(variantId) ? running?.variants.find((arm) => arm.id === variantId) : undefined
          if (!variant) throw new NotFoundError('This variant does not exist.')
          if (variant.isControl) throw ValidationError.nonField('Edit the original through the offer itself.')
          const assetImage = stored.asset_image === undefined ? variant.assetImage : stored.asset_image
          await repo.updateVariant(tx, variant.id, { assetImage })
          const updated = await repo.variant(tx, variant.id)
          if (!updated) throw new NotFoundError('This variant does not exist.')
          const replaced = variant.assetImage && variant.assetImage !== assetImage ? [variant.assetImage] : []
          return { value: updated, replaced }
        }),
      )
    },

    /**
     * Deletes a variant before the test's first visitor; its share goes back to the original. The
     * last variant takes the test with it (the page is simply the page again).
     */
    async deleteVariant(sellerId: string, offerId: string, variantId: string): Promise<void> {
      await versions.ownedContent(sellerId, offerId)
      const image = await db.transaction(async (tx) => {
        const running = await lockUnvisited(tx, offerId)
        const variant = isUuid(variantId) ? running?.variants.find((arm) => arm.id === variantId) : undefined
        if (!running || !variant) throw new NotFoundError('This variant does not exist.')
        if (variant.isControl) throw ValidationError.nonField('The original is the page itself: delete the variants instead.')
        const control = running.variants.find((arm) => arm.isControl)
        if (running.variants.length <= 2) await repo.deleteTest(tx, running.test.id)
        else {
          await repo.deleteVariant(tx, variant.id)
          if (control) await repo.updateVariant(tx, control.id, { weight: control.weight + variant.weight })
        }
        return variant.assetImage
      })
      await versions.images.release([image])
    },

    /** Ends the running test and makes the chosen arm the page; leads and orders keep their variant. */
    async pickWinner(sellerId: string, offerId: string, variantId: string): Promise<void> {
      await versions.ownedContent(sellerId, offerId)
      await db.transaction(async (tx) => {
        const running = await repo.lockRunning(tx, offerId)
        if (!running) {
          const latest = await repo.latest(tx, offerId)
          throw new ConflictError(latest ? splitTestMessages.alreadyEnded : splitTestMessages.notRunning)
        }
        const winner = isUuid(variantId) ? running.variants.find((arm) => arm.id === variantId) : undefined
        if (!winner) throw ValidationError.field('variant_id', splitTestMessages.chooseVariant)
        // The original is kept as it is now, before a winner replaces it: the ended test's results
        // and previews then show the page it started from, whatever the offer becomes.
        const original = running.variants.find((arm) => arm.isControl)
        const page = await versions.currentContent(tx, offerId)
        if (original && page) await repo.keepContent(tx, original.id, page)
        if (!winner.isControl) await versions.apply(tx, sellerId, offerId, contentOfVariant(winner))
        await repo.end(tx, running.test.id, winner.id, now())
      })
    },
  }
}
export type SplitTestService = ReturnType<typeof createSplitTestService>
