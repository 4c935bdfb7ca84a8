import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { installImageDecoding } from './image-decoding'
import { installMatchMedia, resetViewport } from './media'
import { resetMockApi, startMockApi, stopMockApi } from './msw'

installMatchMedia()
installImageDecoding()
// What a test waits for often sits behind a lazily loaded screen and a few MSW round trips; on a
// busy 2-core machine that takes longer than Testing Library's 1 s default. A wait ends as soon as
// its condition holds, so the longer bound costs a passing test nothing. 15 s, not 5: one query by
// role walks a whole page (Settings: every card) computing names and visibility, and at load 11 a
// few such attempts took the whole 5 s before the dialog they looked for was found (shuffled runs).
configure({ asyncUtilTimeout: 15_000 })
beforeAll(startMockApi)

afterEach(() => {
  cleanup()
  // What a page put outside React's tree (the public pages' toasts live 3 s in <body>) must not
  // reach the next test.
  document.body.replaceChildren()
  resetMockApi()
  resetViewport()
  localStorage.clear()
  sessionStorage.clear()
})

afterAll(stopMockApi)
