import {
  type FieldErrors,
  isUuid,
  maxVariants,
  type SplitTestStart,
  type SplitVariantCreate,
  type SplitVariantImage,
  type SplitVariantUpdate,
  splitOriginalName,
  splitTestMessages,
  splitVariantName,
} from '@funnelry/shared'
import type { Database, Executor } from '../../db/client.js'
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js'
import type { OfferPageVersions, PageContent } from '../offers/offers-module.js'
import { contentOfVariant } from './split-pages.js'
import { splitTestRepository as repo, type SplitVariantRow } from './split-test-repository.js'

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

/**
 * Names for new variants, unique on the offer across all its tests (decision 0029): the seller's own,
 * refused when already used, else the next "Variant X" the offer has not used. `field` says where
 * each one's error goes.
 */
async function newNames(tx: Executor, offerId: string, requested: { name?: string | undefined; field: string }[]): Promise<string[]> {
  const used = await repo.offerNames(tx, offerId)
  let index = used.variants
  return requested.map(({ name, field }) => {
    if (name) {
      if (used.names.has(name.toLowerCase())) throw ValidationError.field(field, splitTestMessages.nameTaken(name))
      used.names.add(name.toLowerCase())
      return name
    }
    let generated = splitVariantName(index++)
    while (used.names.has(generated.toLowerCase())) generated = splitVariantName(index++)
    used.names.add(generated.toLowerCase())
    return generated
  })
}

type NewVariant = { name: string; weight: number; content: PageContent }

/**
 * Starting a split test, its variants, and ending it with a winner (issue 27, decision D36). Arms
 * and weights can change only until the first visitor is counted: after that a change would make
 * the sample-ratio check and the comparison meaningless.
 */
export function createSplitTestService({ db, versions, now }: { db: Database; versions: OfferPageVersions; now: () => Date }) {
  /** A new test with its original (named after the test's number) and its variants; answers the variants. */
  async function insertTest(
    tx: Executor,
    sellerId: string,
    offerId: string,
    controlWeight: number,
    minimum: { days: number | undefined; visitors: number | undefined },
    variants: NewVariant[],
  ): Promise<SplitVariantRow[]> {
    const { tests } = await repo.offerNames(tx, offerId)
    const test = await repo.insertTest(
      tx,
      { sellerId, freeOfferId: offerId, minimumDays: minimum.days ?? 7, minimumVisitors: minimum.visitors ?? 100 },
      now(),
    )
    const arm = { splitTestId: test.id, sellerId, freeOfferId: offerId }
    await repo.insertVariant(tx, { ...arm, isControl: true, name: splitOriginalName(tests + 1), weight: controlWeight })
    const made: SplitVariantRow[] = []
    for (const variant of variants)
      made.push(await repo.insertVariant(tx, { ...arm, name: variant.name, weight: variant.weight, ...variant.content }))
    return made
  }

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
          const [name = ''] = await newNames(tx, offerId, [{ name: input.name, field: 'name' }])
          if (!running) {
            const minimum = { days: input.minimum_days, visitors: input.minimum_visitors }
            const [made] = await insertTest(tx, sellerId, offerId, controlWeight, minimum, [{ name, weight: input.weight, content }])
            if (!made) throw new Error('the variant was not stored')
            return made
          }
          if (control && control.weight !== controlWeight) await repo.updateVariant(tx, control.id, { weight: controlWeight })
          return repo.insertVariant(tx, {
            splitTestId: running.test.id,
            sellerId,
            freeOfferId: offerId,
            name,
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

    /**
     * Starts a test with all its variants in one transaction: visitors meet either no test or the
     * whole one (the one-variant-at-a-time calls left a window where the next call answered 409).
     */
    async startTest(sellerId: string, offerId: string, input: SplitTestStart): Promise<void> {
      const page = await versions.ownedContent(sellerId, offerId)
      if (page.archived) throw new ConflictError(splitTestMessages.archived)
      const contents = input.variants.map((variant) => contentFrom(page.content, variant))
      const errors: FieldErrors = {}
      for (const [index, content] of contents.entries()) {
        for (const [field, message] of Object.entries(await versions.contentErrors(sellerId, content)))
          errors[`variants.${index}.${field}`] = message
      }
      throwIfErrors(errors)
      const variantsWeight = input.variants.reduce((sum, variant) => sum + variant.weight, 0)
      const controlWeight = input.control_weight ?? 100 - variantsWeight
      if (controlWeight < 1) throw ValidationError.field('control_weight', splitTestMessages.originalShare(variantsWeight))
      checkWeights([controlWeight, variantsWeight])
      try {
        await db.transaction(async (tx) => {
          if (await repo.lockRunning(tx, offerId)) throw new ConflictError(splitTestMessages.alreadyRunning)
          const names = await newNames(
            tx,
            offerId,
            input.variants.map((variant, index) => ({ name: variant.name, field: `variants.${index}.name` })),
          )
          const minimum = { days: input.minimum_days, visitors: input.minimum_visitors }
          const variants = input.variants.map((variant, index) => ({
            name: names[index] ?? '',
            weight: variant.weight,
            content: contents[index] as PageContent,
          }))
          await insertTest(tx, sellerId, offerId, controlWeight, minimum, variants)
        })
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError(splitTestMessages.alreadyRunning)
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
        if (input.name && input.name.toLowerCase() !== variant.name.toLowerCase())
          await newNames(tx, offerId, [{ name: input.name, field: 'name' }])
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
