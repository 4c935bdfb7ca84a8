import { test as base } from 'vitest'
import { createTestApp, createTestClock, type TestAppOptions } from './build-test-app.js'
import { waitForDrainedQueues } from './drained-queues.js'
import { createTestDatabase } from './test-db.js'

/**
 * The API test: every test gets its own clock, its own database (cloned from the migrated
 * template) and its own app on them, so it runs alone and in any order. Fixtures are lazy: a test
 * pays only for what it names (`{ clock }` costs nothing, `{ db }` one clone, `{ app }` an app).
 * Tests that need the job workers name `workers`; `workers.drained()` waits until no mail or
 * webhook job is left to run, the positive signal to check that nothing more was sent.
 * A describe block that needs another app (settings, dependencies, workers from the start) says so
 * with `test.override('appOptions', () => ({ ... }))`.
 */
export const test = base
  .extend('clock', () => createTestClock())
  // biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's dependencies from this pattern; db has none.
  .extend('db', async ({}, { onCleanup }) => {
    const database = await createTestDatabase()
    onCleanup(() => database.drop())
    return database
  })
  .extend('appOptions', {} as Omit<TestAppOptions, 'database' | 'clock'>)
  .extend('app', async ({ db, clock, appOptions }, { onCleanup }) => {
    const app = await createTestApp({ ...appOptions, database: db, clock })
    onCleanup(() => app.close())
    return app
  })
  .extend('workers', async ({ app }) => {
    await app.startWorkers()
    return { drained: () => waitForDrainedQueues(app.pool) }
  })

export { describe, expect } from 'vitest'
