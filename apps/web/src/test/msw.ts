import { setupServer } from 'msw/node'
import { apiBaseUrl } from '../lib/api-client'

/**
 * The one mock API of the web tests. setup.ts starts it for every test file, resets its handlers
 * after each test and fails any request no handler answers. Add handlers with `server.use(...)`.
 */
export const server = setupServer()

/** The pattern of an API path for MSW handlers: `http.get(api('/free-product/'), …)`. */
export const api = (path: string) => `*${apiBaseUrl}${path}`

export function startMockApi() {
  server.listen({ onUnhandledRequest: 'error' })
}

export function resetMockApi() {
  server.resetHandlers()
}

export function stopMockApi() {
  server.close()
}
