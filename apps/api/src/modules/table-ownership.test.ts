import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { is, Table } from 'drizzle-orm'
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import * as schema from '../db/schema/index.js'

/*
 * Each module defines the tables it owns in its own folder, `<module>/<module>-tables.ts`
 * (docs/decisions/0028); Biome stops another module from importing them. This checks what Biome
 * cannot: that every table lives in a module's tables file, and that no module names another's
 * tables in raw SQL, through `db.query.<table>` or behind a `biome-ignore`, beyond the reads below.
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

const tables: [string, PgTable][] = Object.entries(schema as Record<string, unknown>).flatMap(([name, value]) =>
  is(value, Table) ? [[name, value as PgTable]] : [],
)

/** Each table's owner: the folder of the tables file that defines it (`mail` for the mail outbox). */
async function ownersByFile(): Promise<Map<string, string>> {
  const tableFiles = [
    ...readdirSync(modulesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map(({ name }) => path.join(modulesDir, name, `${name}-tables.ts`)),
    path.join(srcDir, 'mail', 'mail-tables.ts'),
  ].filter((file) => sourceFiles(path.dirname(file)).includes(file))
  const owners = new Map<string, string>()
  for (const file of tableFiles) {
    const defined: Record<string, unknown> = await import(file)
    for (const [name, value] of Object.entries(defined)) if (is(value, Table)) owners.set(name, path.basename(path.dirname(file)))
  }
  return owners
}

const moduleOf = (file: string) => path.relative(modulesDir, file).split(path.sep)[0] ?? ''

describe('table ownership', () => {
  it('defines every table in its owner’s tables file, and none twice', async () => {
    const owners = await ownersByFile()
    expect(tables.map(([name]) => name).filter((name) => !owners.has(name))).toEqual([])
    expect(new Set(tables.map(([, table]) => getTableConfig(table).name)).size).toBe(tables.length)
  })

  it('keeps the known reads to three at most', () => {
    expect(Object.values(knownReads).flat().length).toBeLessThanOrEqual(3)
  })

  it('lets no module read another module’s tables, by import or in raw SQL, beyond the known reads', async () => {
    const owners = await ownersByFile()
    const sqlNames = new Map(tables.map(([name, table]) => [getTableConfig(table).name, name]))
    const reads: string[] = []
    for (const file of sourceFiles(modulesDir)) {
      const module = moduleOf(file)
      const source = readFileSync(file, 'utf8')
      const named = new Set<string>()
      // Imports of another module's tables file, or of the whole schema (values only: a type reads nothing).
      for (const [, names = '', from = ''] of source.matchAll(
        /import\s*\{([^}]*)\}\s*from\s*'([^']*(?:-tables|db\/schema\/index)\.js)'/g,
      )) {
        if (from.endsWith(`/${module}-tables.js`) || from === `./${module}-tables.js`) continue
        for (const name of names.split(',').map((n) => n.trim())) if (name !== '' && !name.startsWith('type ')) named.add(name)
      }
      // The relational client reaches any table by name, with no import: `db.query.sellers.findFirst`.
      for (const [, name = ''] of source.matchAll(/\.query\.(\w+)\./g)) named.add(name)
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
