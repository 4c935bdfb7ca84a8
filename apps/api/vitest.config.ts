import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/sql-statement-log.ts'],
    // Each worker imports the app's modules once for all its files instead of once per file (a
    // few seconds of both cores each, 95 files). What a test touches lives in its fixtures (its
    // own database, app, clock); the few modules that keep state hold only caches and counters
    // that no test depends on (decision 0018, "One process per worker").
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
})
