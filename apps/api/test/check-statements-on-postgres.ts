import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { prepareLikeTheApp, withDatabase } from './global-setup.js'

/**
 * `tsx test/check-statements-on-postgres.ts <server url> <folder>`: has PostgreSQL (15 in CI) parse
 * and analyse every SQL text the test run recorded in <folder> (test/sql-statement-log.ts), on a
 * database the app's own migrations made there. `PREPARE` resolves what the server would at run
 * time (syntax, functions, operators, types, casts) without running the statement, so a query
 * that uses something PostgreSQL 15 lacks fails here as it would for a seller. Decision 0018,
 * "The PostgreSQL 15 pass".
 */
const preparable = /^(select|insert|update|delete|with|values|merge|table)\b/i
// Relations and columns only tests create (a table to show a missing index is noticed).
const madeByATest = new Set(['42P01', '42703'])

function readStatements(folder: string): string[] {
  const texts = new Set<string>()
  for (const file of readdirSync(folder)) {
    if (!file.endsWith('.jsonl')) continue
    for (const line of readFileSync(path.join(folder, file), 'utf8').split('\n')) if (line) texts.add(JSON.parse(line) as string)
  }
  return [...texts]
}

/** The statement to prepare: the query inside a `COPY (…) TO`, none for commands and scripts of several statements. */
function queryOf(text: string): string | null {
  const trimmed = text.trim().replace(/;\s*$/, '')
  const copied = /^copy\s*\(([\s\S]*)\)\s*to\s+stdout/i.exec(trimmed)
  const query = copied?.[1] ?? trimmed
  return preparable.test(query) && !query.includes(';') ? query : null
}

async function main() {
  const [serverUrl, folder] = process.argv.slice(2)
  if (!serverUrl || !folder) throw new Error('usage: check-statements-on-postgres.ts <server url> <folder>')
  const statements = readStatements(folder)
  const database = `funnelry_sql_check_${process.pid}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${database}`)
  const failures: string[] = []
  let checked = 0
  try {
    const url = withDatabase(serverUrl, database)
    await prepareLikeTheApp(url)
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    const version = (await client.query<{ server_version: string }>('show server_version')).rows[0]?.server_version
    for (const text of statements) {
      const query = queryOf(text)
      if (query === null) continue
      checked += 1
      try {
        await client.query(`prepare funnelry_check as ${query}`)
        await client.query('deallocate funnelry_check')
      } catch (error) {
        const { code, message } = error as { code?: string; message: string }
        if (!code || !madeByATest.has(code)) failures.push(`${code} ${message}\n  ${query.slice(0, 400)}`)
      }
    }
    await client.end()
    console.log(
      `PostgreSQL ${version}: ${checked} of ${statements.length} recorded statements checked (the others are commands or scripts of several statements), ${failures.length} refused`,
    )
  } finally {
    await admin.query(`drop database if exists ${database} with (force)`)
    await admin.end()
  }
  if (failures.length > 0) {
    console.error(failures.join('\n\n'))
    process.exit(1)
  }
}

await main()
