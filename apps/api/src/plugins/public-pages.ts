import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { PublicPageRenderer } from '@funnelry/shared'
import { repoRoot } from '../config.js'

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
 * tsx and Vitest compile on the fly. Both are the same components the browser hydrates. Null when
 * neither can be loaded (the compiled API without a web build): the pages are then the app's.
 */
export async function loadPublicPageRenderer(webDist: string): Promise<PublicPageRenderer | null> {
  const built = path.resolve(webDist, '..', 'dist-ssr', 'server.js')
  const module = existsSync(built) ? built : path.join(repoRoot, 'apps', 'web', 'src', 'public', 'server.tsx')
  try {
    return (await import(pathToFileURL(module).href)) as PublicPageRenderer
  } catch {
    return null
  }
}
