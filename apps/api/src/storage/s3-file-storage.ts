import { AwsClient } from 'aws4fetch'
import { assertStorageKey, type FileStorage } from './file-storage.js'

export type S3Settings = {
  /** The store's address, e.g. https://s3.eu-west-1.amazonaws.com or a MinIO/R2 endpoint. */
  endpoint: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  /** Where browsers load files from (a CDN or the bucket's public address); keys are appended. */
  publicUrl: string
}

// Keys never change meaning (file-storage.ts), so a browser or CDN may keep a file for good.
const cacheControl = 'public, max-age=31536000, immutable'

/**
 * Files in a bucket of any S3-compatible store, addressed path-style (`endpoint/bucket/key`),
 * which every such store accepts. Requests are signed with AWS Signature V4 by aws4fetch: no SDK,
 * since only PUT and DELETE of one object are needed.
 */
export function createS3FileStorage(settings: S3Settings): FileStorage {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    region: settings.region,
    service: 's3',
  })
  const endpoint = settings.endpoint.replace(/\/+$/, '')
  const publicUrl = settings.publicUrl.replace(/\/+$/, '')
  const objectUrl = (key: string) => {
    assertStorageKey(key)
    return `${endpoint}/${encodeURIComponent(settings.bucket)}/${key}`
  }
  const send = async (
    method: 'PUT' | 'DELETE',
    key: string,
    init: { body?: Uint8Array; headers?: Record<string, string> } = {},
    alsoFine: number[] = [],
  ) => {
    const response = await client.fetch(objectUrl(key), { method, ...init })
    if (!response.ok && !alsoFine.includes(response.status)) {
      // The store's XML error (its Code and Message) says what went wrong: bucket, credentials, policy.
      const xml = await response.text()
      const field = (name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1]
      const detail = [field('Code'), field('Message')].filter(Boolean).join(': ') || xml.slice(0, 200)
      throw new Error(`S3 ${method} ${key} failed with ${response.status}: ${detail}`)
    }
    await response.body?.cancel()
  }
  return {
    async put(key, bytes, contentType) {
      await send('PUT', key, { body: bytes, headers: { 'content-type': contentType, 'cache-control': cacheControl } })
    },
    async delete(key) {
      // S3 answers 204 for a key that is already gone; a store answering 404 means the same.
      await send('DELETE', key, {}, [404])
    },
    url(key) {
      assertStorageKey(key)
      return `${publicUrl}/${key}`
    },
  }
}
