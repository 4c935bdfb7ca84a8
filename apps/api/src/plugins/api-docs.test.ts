import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/build-test-app.js'

describe.each([
  { setting: 'true', served: true },
  { setting: 'false', served: false },
])('API_DOCS=$setting', ({ setting, served }) => {
  let ctx: TestApp
  beforeAll(async () => {
    ctx = await createTestApp({ env: { API_DOCS: setting } })
  })
  afterAll(() => ctx.close())

  it(served ? 'serves the documentation page and the OpenAPI document' : 'answers 404 for the documentation', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs' })
    const document = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })
    if (served) {
      expect(page.statusCode).toBe(200)
      expect(page.headers['content-type']).toMatch(/text\/html/)
      expect(document.statusCode).toBe(200)
      expect(document.json()).toMatchObject({
        openapi: expect.any(String),
        paths: expect.objectContaining({ '/api/v1/health/': expect.any(Object) }),
      })
    } else {
      expect(page.statusCode).toBe(404)
      expect(page.json()).toEqual({ detail: 'Not found.' })
      expect(document.statusCode).toBe(404)
    }
  })
})
