import { defineConfig } from 'vitest/config'

// `npm test` runs these three projects, then the browser journeys (e2e/vitest.config.ts).
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/api', 'apps/web', 'apps/web/vitest.isolated.config.ts'],
    // Two cores: two test files at a time keeps the machine responsive and timings stable.
    maxWorkers: 2,
  },
})
