import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { installMatchMedia, resetViewport } from './media'
import { resetMockApi, startMockApi, stopMockApi } from './msw'

installMatchMedia()
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
