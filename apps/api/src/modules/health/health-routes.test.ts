import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/build-test-app.js'

describe('GET /api/v1/health/', () => {
  let ctx: TestApp
  beforeAll(async () => {
    ctx = await createTestApp()
  })
  afterAll(() => ctx.close())

  it('answers ok while the database answers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/health/' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ok' })
  })

  it('answers 503 once the database is gone', async () => {
    await ctx.pool.end()
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/health/' })
    expect(response.statusCode).toBe(503)
    expect(response.json()).toEqual({ status: 'unavailable' })
  })
})
