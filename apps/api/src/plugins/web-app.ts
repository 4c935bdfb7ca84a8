import { existsSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { contentSecurityPolicyFor } from './content-security-policy.js'

/**
 * Serves the built web app and answers every other GET with index.html (the SPA decides what
 * to render, including its own 404 screen). Unknown /api paths answer JSON instead.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html')
  const built = existsSync(indexFile)
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // Vite fingerprints every asset name, so assets can be cached for a year.
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable')
      },
    })
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? ''
    const wantsPage = request.method === 'GET' && !pathname.startsWith('/api/') && !pathname.startsWith('/media/')
    if (!wantsPage) return reply.code(404).send({ detail: 'Not found.' })
    if (!built) {
      return reply.code(503).type('text/plain').send('The web app is not built yet. Run `npm run build:web` (npm start does it for you).')
    }
    return reply
      .header('cache-control', 'no-cache')
      .header('content-security-policy', contentSecurityPolicyFor(pathname))
      .sendFile('index.html', webDist, { cacheControl: false })
  })
}
