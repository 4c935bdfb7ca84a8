import { describe, expect, test } from '../../../test/fixtures.js'

describe('GET /api/v1/health/', () => {
  test('answers ok while the database answers', async ({ app }) => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/health/' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ok' })
  })

  test('answers 503 once the database is gone', async ({ app }) => {
    // Ends this test's own pool: its database and app are gone with the test.
    await app.pool.end()
    const response = await app.inject({ method: 'GET', url: '/api/v1/health/' })
    expect(response.statusCode).toBe(503)
    expect(response.json()).toEqual({ detail: expect.any(String), status: 'unavailable' })
  })
})
