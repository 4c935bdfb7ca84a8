import type { TestApp } from '../../test/build-test-app.js'
import { describe, expect, test } from '../../test/fixtures.js'

describe.each([
  { setting: 'true', served: true },
  { setting: 'false', served: false },
])('API_DOCS=$setting', ({ setting, served }) => {
  let ctx: TestApp
  test.override('appOptions', () => ({ env: { API_DOCS: setting } }))
  test.beforeEach(async ({ app }) => {
    ctx = app
  })

  test(served ? 'serves the documentation page and the OpenAPI document' : 'answers 404 for the documentation', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs' })
    const document = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })
    if (served) {
      expect(page.statusCode).toBe(200)
      expect(page.headers['content-type']).toMatch(/text\/html/)
      expect(document.statusCode).toBe(200)
      expect(document.json()).toMatchObject({
        openapi: expect.any(String),
        paths: expect.objectContaining({ '/api/v1/health': expect.any(Object) }),
      })
    } else {
      expect(page.statusCode).toBe(404)
      expect(page.json()).toEqual({ detail: 'Not found.' })
      expect(document.statusCode).toBe(404)
    }
  })
})
