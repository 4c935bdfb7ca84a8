/**
 * Where uploaded files live. Keys are chosen by the app (random or content-addressed), so a key
 * never changes meaning and its URL can be cached for good. The local folder (local-file-storage.ts)
 * and any S3-compatible bucket (s3-file-storage.ts) implement it; create-file-storage.ts picks one.
 */
export interface FileStorage {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>
  /** Deleting a key that is already gone is not an error. */
  delete(key: string): Promise<void>
  /** The URL a browser loads the file from: an absolute path (`/media/...`) or a full URL. */
  url(key: string): string
}

/** Keys are path-like (`images/<uuid>.png`) but never climb out of their folder. */
const keyPattern = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*\.[a-z0-9]{1,8}$/

export function assertStorageKey(key: string): void {
  if (!keyPattern.test(key)) throw new Error(`not a valid storage key: ${JSON.stringify(key)}`)
}
