import react from '@vitejs/plugin-react'
import { defineProject } from 'vitest/config'
import { testFilesRunAlone } from './test-files-run-alone'

/** The web suite; the files that need a page of their own are the `web-isolated` project (vitest.isolated.config.ts). */
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: testFilesRunAlone,
    setupFiles: ['./src/testing/setup.ts'],
    // A bound, not an expectation: a form test of a few seconds took over 15 s beside other suites at
    // load 5-9, and a long one (the draft round trip, ~60 keystrokes) over 30 s with the API suite beside it.
    testTimeout: 60_000,
    // A worker imports React, MUI and the app once for all its files (decision 0018).
    isolate: false,
  },
})
