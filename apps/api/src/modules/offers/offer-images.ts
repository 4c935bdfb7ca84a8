import { randomUUID } from 'node:crypto'
import { type FieldErrors, type OfferImageField, offerMessages } from '@funnelry/shared'
import type { FileStorage } from '../../storage/file-storage.js'
import { imageVariantKeys, storeImageVariants } from '../../storage/image-variants.js'
import { type NormalizedImage, normalizeImage } from '../../storage/images.js'

/** An image field as the form schema leaves it: a new file, '' or null to remove, absent to keep. */
export type ImageInput = File | '' | null | undefined

/** New storage keys by field: a key replaces, null removes, a field left out keeps its image. */
export type ImageValues = Partial<Record<OfferImageField, string | null>>

export type PreparedImages = {
  errors: FieldErrors
  /** Writes the new files; call only when there are no errors. */
  store(): Promise<ImageValues>
}

const extensions = { png: 'png', jpeg: 'jpg' } as const

/**
 * `inUse` tells which keys an offer still shows (a duplicate shares its original's files); those
 * are kept when a replaced or deleted offer lets go of them.
 */
export function createOfferImages(storage: FileStorage, inUse: (keys: string[]) => Promise<Set<string>> = async () => new Set()) {
  /** Best effort: a file left behind costs disk space, never a wrong page. */
  const discard = async (keys: (string | null | undefined)[]): Promise<void> => {
    const candidates = keys.filter((key): key is string => Boolean(key))
    if (candidates.length === 0) return
    const kept = await inUse(candidates).catch(() => new Set(candidates))
    const stored = candidates.filter((key) => !kept.has(key))
    const withVariants = stored.flatMap((key) => [key, ...imageVariantKeys(key)])
    await Promise.all(withVariants.map((key) => storage.delete(key).catch(() => undefined)))
  }

  return {
    /** Decodes and re-encodes every new file in memory, so nothing is stored for a form that fails. */
    async prepare(input: Partial<Record<OfferImageField, ImageInput>>): Promise<PreparedImages> {
      const errors: FieldErrors = {}
      const removed: OfferImageField[] = []
      const decoded: [OfferImageField, NormalizedImage][] = []
      for (const [field, value] of Object.entries(input) as [OfferImageField, ImageInput][]) {
        if (value === undefined) continue
        if (value === '' || value === null) {
          removed.push(field)
          continue
        }
        const result = await normalizeImage(new Uint8Array(await value.arrayBuffer()))
        if (result.ok) decoded.push([field, result.image])
        else
          errors[field] = [
            result.reason === 'too-many-pixels' ? 'The image has too many pixels. Upload a smaller image.' : offerMessages.imageType,
          ]
      }
      return {
        errors,
        async store() {
          const values: ImageValues = {}
          for (const field of removed) values[field] = null
          for (const [field, image] of decoded) {
            // Random keys: a stored file never changes, so /media can cache it for good.
            const key = `images/${randomUUID()}.${extensions[image.format]}`
            await storage.put(key, image.bytes, image.contentType)
            // The sizes pages show, in WebP (issue 11); a failed upload deletes them with the original.
            await storeImageVariants(storage, key, image.bytes)
            values[field] = key
          }
          return values
        },
      }
    },

    url: (key: string | null): string | null => (key ? storage.url(key) : null),

    /** After a deleted offer's row is gone: its files, unless another offer (a duplicate) shows them. */
    release: (keys: (string | null)[]): Promise<void> => discard(keys),

    /**
     * Stores the new files, then runs the database write, then deletes the files it replaced.
     * A failed write deletes the new files instead, so the stored ones always match the rows.
     */
    async commit<T>(prepared: PreparedImages, write: (values: ImageValues) => Promise<{ value: T; replaced: string[] }>): Promise<T> {
      const values = await prepared.store()
      let outcome: { value: T; replaced: string[] }
      try {
        outcome = await write(values)
      } catch (error) {
        await discard(addedKeys(values))
        throw error
      }
      await discard(outcome.replaced)
      return outcome.value
    },
  }
}
export type OfferImages = ReturnType<typeof createOfferImages>

/** The new keys of `values`, to delete again when the database write fails. */
export const addedKeys = (values: ImageValues) => Object.values(values).filter((key): key is string => Boolean(key))

/** The keys `values` replaces or removes in `current`, to delete once the new row is committed. */
export function replacedKeys(current: Partial<Record<OfferImageField, string | null>>, values: ImageValues): string[] {
  return (Object.keys(values) as OfferImageField[]).map((field) => current[field]).filter((key): key is string => Boolean(key))
}

/** Only the image columns the form changed: a field left out keeps its stored image. */
export const imageColumns = (stored: ImageValues): { assetImage?: string | null; logo?: string | null } => ({
  ...('asset_image' in stored ? { assetImage: stored.asset_image } : {}),
  ...('logo' in stored ? { logo: stored.logo } : {}),
})
