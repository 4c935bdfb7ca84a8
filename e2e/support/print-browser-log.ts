import { beforeEach } from 'vitest'
import { takeBrowserLog } from './browser-log.js'

// Each test starts with an empty log; a failed one prints what its pages saw (support/browser-log.ts).
beforeEach(({ onTestFailed }) => {
  takeBrowserLog()
  onTestFailed(() => {
    const log = takeBrowserLog()
    if (log.length > 0) console.log(`What the browser saw, last ${log.length} events:\n${log.join('\n')}`)
  })
})
