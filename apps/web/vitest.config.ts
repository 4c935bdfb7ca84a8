import react from '@vitejs/plugin-react'
import { defineProject } from 'vitest/config'
import { testFilesRunAlone } from './test-files-run-alone'

/** The web suite; the files that need a page of their own are the `web-isolated` project (vitest.isolated.config.ts). */
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    // As jsdom did and a browser does, the page runs the inline scripts it is given (pixels, the
    // public pages' first script); happy-dom runs none unless told (and then warns, once a file, that
    // a script could escape: these are the app's own and its fixtures). Files a script, stylesheet or
    // iframe names are not fetched (jsdom fetched none either; the mock API would refuse them); a
    // script or stylesheet not fetched counts as loaded instead of logging an error (an iframe still logs one).
    environmentOptions: {
      happyDOM: {
        settings: {
          enableJavaScriptEvaluation: true,
          suppressInsecureJavaScriptEnvironmentWarning: true,
          disableJavaScriptFileLoading: true,
          disableCSSFileLoading: true,
          disableIframePageLoading: true,
          handleDisabledFileLoadingAsSuccess: true,
        },
      },
    },
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
