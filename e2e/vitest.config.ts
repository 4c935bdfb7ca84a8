import { defineConfig } from 'vitest/config'

// Browser journeys: two files at a time (two cores), each against its own server on its own copy
// of one data folder that the global setup created with the product's first start.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    setupFiles: ['./support/print-browser-log.ts'],
    maxWorkers: 2,
    // Bounds, not expectations: each wait inside a journey ends when its condition holds. A journey
    // of many steps beside another journey and other work on two cores needs minutes, not seconds.
    testTimeout: 600_000,
    hookTimeout: 300_000,
  },
})
