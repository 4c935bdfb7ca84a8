import { mkdir } from 'node:fs/promises'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { declarePublicFiles } from '../http/public-page.js'
import type { FileStorage } from './file-storage.js'
import { ensureLocalImageVariant } from './image-variants.js'
import type { LocalFileStorage } from './local-file-storage.js'

const isLocal = (storage: FileStorage): storage is LocalFileStorage => 'root' in storage && 'urlPrefix' in storage

/**
 * Serves a local storage folder under its URL prefix. Keys never change meaning, so files are
 * cached for a year as immutable. Another storage serves its own URLs, and nothing is mounted.
 */
export async function registerMediaRoute(app: FastifyInstance, storage: FileStorage): Promise<void> {
  if (!isLocal(storage)) return
  await mkdir(storage.root, { recursive: true })
  // A WebP variant of an image stored before variants existed is made on its first request.
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return
    const pathname = request.url.split('?')[0] ?? ''
    if (!pathname.startsWith(storage.urlPrefix) || !pathname.endsWith('.webp')) return
    await ensureLocalImageVariant(storage, decodeURIComponent(pathname.slice(storage.urlPrefix.length))).catch((error: unknown) => {
      request.log.warn({ err: error }, 'could not make an image variant')
    })
  })
  // Uploaded images appear on every public site: the scope declares its routes so (http/public-page.ts).
  await app.register(async (files) => {
    declarePublicFiles(files, () => true)
    await files.register(fastifyStatic, {
      root: storage.root,
      prefix: storage.urlPrefix,
      // The web app's static plugin owns reply.sendFile.
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      cacheControl: true,
      maxAge: '365d',
      immutable: true,
    })
  })
}
