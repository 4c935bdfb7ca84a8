// Fails when the drizzle schema (apps/api/src/db/schema) and the migrations disagree: drizzle-kit
// generates into a copy of the migrations folder, and any file it writes there is a change that has
// no migration yet (run `npm run db:generate`). Run by `npm run lint`, so CI runs it.
import { spawnSync } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const api = path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/api')
const migrations = path.join(api, 'src/db/migrations')
const copy = mkdtempSync(path.join(tmpdir(), 'funnelry-migrations-'))
const filesOf = (folder) => readdirSync(folder, { recursive: true }).map(String).sort()

try {
  cpSync(migrations, copy, { recursive: true })
  const before = new Set(filesOf(copy))
  const run = spawnSync(
    'npx',
    [
      'drizzle-kit',
      'generate',
      '--dialect',
      'postgresql',
      '--schema',
      './src/{modules/*/*-tables.ts,mail/mail-tables.ts}',
      '--out',
      path.relative(api, copy),
    ],
    // No input: a question drizzle-kit would ask (a rename?) ends the run instead of waiting. The
    // out folder is relative: drizzle-kit prefixes './' to an absolute one.
    { cwd: api, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 },
  )
  const added = filesOf(copy).filter((file) => !before.has(file))
  // drizzle-kit exits 0 even when it fails, so only its own all-clear counts as agreement.
  const agrees = run.status === 0 && added.length === 0 && /No schema changes/.test(run.stdout)
  if (!agrees) {
    console.error('The drizzle schema and the migrations disagree: run `npm run db:generate` and commit the migration.')
    if (added.length > 0) console.error(`drizzle-kit would write: ${added.join(', ')}`)
    console.error(run.stdout, run.stderr)
    process.exit(1)
  }
  console.log('schema and migrations agree')
} finally {
  rmSync(copy, { recursive: true, force: true })
}
