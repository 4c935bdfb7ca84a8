import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { installMatchMedia, resetViewport } from './media'
import { resetMockApi, startMockApi, stopMockApi } from './msw'

installMatchMedia()
beforeAll(startMockApi)

afterEach(() => {
  cleanup()
  resetMockApi()
  resetViewport()
  localStorage.clear()
  sessionStorage.clear()
})

afterAll(stopMockApi)
