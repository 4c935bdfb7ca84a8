import { access, readFile } from 'node:fs/promises'
import path from 'node:path'
import { imageVariant, imageVariantWidths, parseImageVariant } from '@funnelry/shared'
import { assertStorageKey, type FileStorage } from './file-storage.js'
import { encodeImageVariants } from './images.js'
import type { LocalFileStorage } from './local-file-storage.js'

/** The variant keys of a stored original (none for a key that is no image original). */
export function imageVariantKeys(key: string): string[] {
  return imageVariantWidths.map((width) => imageVariant(key, width)).filter((variant): variant is string => variant !== null)
}

/** Stores the WebP variants of an original just stored under `key` (at upload). */
export async function storeImageVariants(storage: FileStorage, key: string, original: Uint8Array): Promise<void> {
  for (const { width, bytes } of await encodeImageVariants(original)) {
    const variant = imageVariant(key, width)
    if (variant) await storage.put(variant, bytes, 'image/webp')
  }
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  )

// One encoding per original at a time, even when a page asks for all its sizes at once.
const pending = new Map<string, Promise<void>>()

/**
 * Images uploaded before variants existed get theirs on the first request for one (decision
 * 0013): the original is read from the folder, and every variant written beside it. Returns
 * false when `key` is no variant or its original is gone (the request then answers 404).
 */
export async function ensureLocalImageVariant(storage: LocalFileStorage, key: string): Promise<boolean> {
  const parsed = parseImageVariant(key)
  if (!parsed) return false
  try {
    // What a request names never leaves the folder.
    assertStorageKey(key)
  } catch {
    return false
  }
  const fileOf = (name: string) => path.join(storage.root, ...name.split('/'))
  if (await exists(fileOf(key))) return true
  for (const extension of ['png', 'jpg']) {
    const original = `${parsed.stem}.${extension}`
    if (!(await exists(fileOf(original)))) continue
    let work = pending.get(original)
    if (!work) {
      work = readFile(fileOf(original))
        .then((bytes) => storeImageVariants(storage, original, bytes))
        .finally(() => pending.delete(original))
      pending.set(original, work)
    }
    await work
    return true
  }
  return false
}
