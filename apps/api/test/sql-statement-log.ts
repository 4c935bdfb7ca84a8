import { appendFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { afterAll } from 'vitest'

/**
 * With SQL_STATEMENT_LOG set to a folder, every distinct SQL text this worker sends (the app's,
 * the job queue's and the tests' own) is appended to a file there, one JSON string per line.
 * CI checks each of them on PostgreSQL 15 afterwards (test/check-statements-on-postgres.ts,
 * decision 0018 "The PostgreSQL 15 pass"). It only observes: every query runs as before.
 */
const folder = process.env.SQL_STATEMENT_LOG
const marker = Symbol.for('funnelry.sqlStatementLog')
type Recorder = { seen: Set<string>; pending: string[] }

function recorder(): Recorder {
  const holder = globalThis as { [marker]?: Recorder }
  const existing = holder[marker]
  if (existing) return existing
  const created: Recorder = { seen: new Set(), pending: [] }
  holder[marker] = created
  const query = pg.Client.prototype.query
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: unknown } | undefined
    const text = typeof first === 'string' ? first : typeof first?.text === 'string' ? first.text : undefined
    if (text !== undefined && !created.seen.has(text)) {
      created.seen.add(text)
      created.pending.push(text)
    }
    return (query as (...a: unknown[]) => unknown).apply(this, args)
  } as typeof pg.Client.prototype.query
  return created
}

function flush(log: Recorder, into: string) {
  if (log.pending.length === 0) return
  appendFileSync(path.join(into, `statements-${process.pid}.jsonl`), `${log.pending.map((text) => JSON.stringify(text)).join('\n')}\n`)
  log.pending = []
}

if (folder) {
  const log = recorder()
  // After each test file (the setup file runs before each), and what is left when the worker ends.
  afterAll(() => flush(log, folder))
  process.once('exit', () => flush(log, folder))
}
