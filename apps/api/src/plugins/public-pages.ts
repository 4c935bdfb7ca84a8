import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { PublicPageRenderer } from '@funnelry/shared'

/** The public pages' script in the Vite manifest (apps/web/vite.config.ts). */
const publicEntry = 'src/public/main.tsx'

type ManifestChunk = { file: string; imports?: string[] }

/** The files the browser needs for the public pages' script: the entry, and the chunks it imports. */
export type PublicAssets = { script: string; preloads: string[] }

/**
 * Reads the public script's files from the build's manifest, or null when the web app is not built
 * (the pages are then still complete HTML, only without their script).
 */
export function readPublicAssets(webDist: string): PublicAssets | null {
  const manifestFile = path.join(webDist, '.vite', 'manifest.json')
  if (!existsSync(manifestFile)) return null
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>
  const entry = manifest[publicEntry]
  if (!entry) return null
  const preloads = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || preloads.has(`/${chunk.file}`)) return
    preloads.add(`/${chunk.file}`)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  for (const imported of entry.imports ?? []) visit(imported)
  return { script: `/${entry.file}`, preloads: [...preloads] }
}

/**
 * The web app's server module. `npm run build:web` (and so `npm start`) builds it beside the web
 * app (dist-ssr/); without a build (development, the API's tests) its source is imported, which
 * tsx and Vitest compile on the fly. Both are the same components the browser hydrates.
 */
export async function loadPublicPageRenderer(webDist: string): Promise<PublicPageRenderer> {
  const built = path.resolve(webDist, '..', 'dist-ssr', 'server.js')
  if (existsSync(built)) return (await import(pathToFileURL(built).href)) as PublicPageRenderer
  const source = path.resolve(import.meta.dirname, '../../../web/src/public/server.tsx')
  return (await import(pathToFileURL(source).href)) as PublicPageRenderer
}
