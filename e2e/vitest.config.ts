import { defineConfig } from 'vitest/config'

// Browser journeys: one file at a time, each against its own server on a fresh data folder.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
})
