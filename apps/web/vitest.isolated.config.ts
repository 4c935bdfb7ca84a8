import { defineProject } from 'vitest/config'
import { testFilesRunAlone } from './test-files-run-alone'
import web from './vitest.config'

/** The web test files that read state a page load keeps: each runs in a fresh module graph and page. */
export default defineProject({
  ...web,
  test: { ...web.test, name: 'web-isolated', include: testFilesRunAlone, exclude: [], isolate: true },
})
