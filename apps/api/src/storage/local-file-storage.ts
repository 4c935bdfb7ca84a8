import { randomUUID } from 'node:crypto'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { assertStorageKey, type FileStorage } from './file-storage.js'

export type LocalFileStorage = FileStorage & {
  /** The folder served under `urlPrefix` (storage/media-route.ts). */
  readonly root: string
  readonly urlPrefix: string
}

/** Files under a local folder (`DATA_DIR/uploads` by default), served by this process under /media/. */
export function createLocalFileStorage(root: string, urlPrefix = '/media/'): LocalFileStorage {
  const fileOf = (key: string) => {
    assertStorageKey(key)
    return path.join(root, ...key.split('/'))
  }
  return {
    root,
    urlPrefix,
    async put(key, bytes) {
      const file = fileOf(key)
      await mkdir(path.dirname(file), { recursive: true })
      // Write then rename, so a reader never sees half a file under the final name.
      const partial = `${file}.${randomUUID()}.partial`
      await writeFile(partial, bytes)
      await rename(partial, file)
    },
    async delete(key) {
      await rm(fileOf(key), { force: true })
    },
    url(key) {
      assertStorageKey(key)
      return `${urlPrefix}${key}`
    },
  }
}
