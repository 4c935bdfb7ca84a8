import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { is, Table } from 'drizzle-orm'
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'

/*
 * Each module defines the tables it owns in its own folder, `<module>/<module>-tables.ts`
 * (docs/decisions/0028); Biome stops another module from importing them. This checks what Biome
 * cannot: that every table lives in a module's tables file, and that no module names another's
 * tables in raw SQL or behind a `biome-ignore`, beyond the reads below. (The database client has no
 * registry of tables, so no `db.query.<table>` reaches one by name.)
 */

/**
 * Reads of another module's tables, each with its reason (docs/decisions/0028). At most three; the
 * list may only shrink. Everything else asks the owner's services or reads a view the owner keeps.
 */
const knownReads: Record<string, string[]> = {
  // The reports are the read model over the funnel's rows (lists, counts, exports: decision 0012).
  reports: ['leads', 'orders'],
}

const srcDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
const modulesDir = path.join(srcDir, 'modules')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    // Tests and test kits build what they test from any part.
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('-test-kit.ts') ? [full] : []
  })
}

/** The tables files (what drizzle-kit reads, apps/api/drizzle.config.ts): each module's, and the mail outbox's. */
const tableFiles = [
  ...readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => path.join(modulesDir, name, `${name}-tables.ts`)),
  path.join(srcDir, 'mail', 'mail-tables.ts'),
].filter((file) => sourceFiles(path.dirname(file)).includes(file))

/** Every table, by its name in code, with its owner: the folder of the tables file defining it (`mail` for the outbox). */
async function definedTables(): Promise<{ name: string; table: PgTable; owner: string }[]> {
  const defined: { name: string; table: PgTable; owner: string }[] = []
  for (const file of tableFiles) {
    const exports: Record<string, unknown> = await import(file)
    for (const [name, value] of Object.entries(exports)) {
      if (is(value, Table)) defined.push({ name, table: value as PgTable, owner: path.basename(path.dirname(file)) })
    }
  }
  return defined
}

async function ownersByName(): Promise<Map<string, string>> {
  return new Map((await definedTables()).map(({ name, owner }) => [name, owner]))
}

const moduleOf = (file: string) => path.relative(modulesDir, file).split(path.sep)[0] ?? ''

describe('table ownership', () => {
  it('defines every table in a tables file, and none twice', async () => {
    const elsewhere = sourceFiles(srcDir).filter((file) => !tableFiles.includes(file) && /\bpgTable\(/.test(readFileSync(file, 'utf8')))
    expect(elsewhere.map((file) => path.relative(srcDir, file))).toEqual([])
    const tables = await definedTables()
    expect(new Set(tables.map(({ table }) => getTableConfig(table).name)).size).toBe(tables.length)
  })

  it('keeps the known reads to three at most', () => {
    expect(Object.values(knownReads).flat().length).toBeLessThanOrEqual(3)
  })

  it('lets no module read another module’s tables, by import or in raw SQL, beyond the known reads', async () => {
    const owners = await ownersByName()
    const sqlNames = new Map((await definedTables()).map(({ name, table }) => [getTableConfig(table).name, name]))
    const reads: string[] = []
    for (const file of sourceFiles(modulesDir)) {
      const module = moduleOf(file)
      const source = readFileSync(file, 'utf8')
      const named = new Set<string>()
      // Imports of another module's tables file (values only: a type reads nothing).
      for (const [, names = '', from = ''] of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'([^']*-tables\.js)'/g)) {
        if (from.endsWith(`/${module}-tables.js`) || from === `./${module}-tables.js`) continue
        for (const name of names.split(',').map((n) => n.trim())) if (name !== '' && !name.startsWith('type ')) named.add(name)
      }
      // Raw SQL naming a table: `from orders`, `join leads`, `into emails`, `update sellers`.
      for (const [, sqlName = ''] of source.matchAll(/\b(?:from|join|into|update)\s+"?([a-z_]+)"?/g)) {
        const name = sqlNames.get(sqlName)
        if (name) named.add(name)
      }
      // A tables file imports other modules' tables for its foreign keys only (Biome checks it imports nothing else).
      if (file.endsWith(`${module}-tables.ts`)) continue
      for (const table of named) {
        const owner = owners.get(table)
        if (owner === undefined || owner === module || knownReads[module]?.includes(table)) continue
        reads.push(
          `${path.relative(modulesDir, file)} reads ${table} (owned by ${owner}): ask the owner's services or read a view it keeps`,
        )
      }
    }
    expect(reads).toEqual([])
  })
})
