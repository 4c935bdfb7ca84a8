import { afterAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../../test/build-test-app.js'
import { createSellerSession } from '../../test/factories.js'
import { test } from '../../test/fixtures.js'

/**
 * Every route the app registers, read from its own OpenAPI document, so that a route added later
 * is covered without touching this file. Path parameters get a well-formed id that exists nowhere.
 * The routes are found while the file is collected, so one app is built for that and the checks
 * that only send refused requests share it (they write nothing; their order does not matter).
 */
const ctx = await createTestApp()
afterAll(() => ctx.close())

type Operation = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; route: string }
const methods = ['get', 'post', 'put', 'patch', 'delete'] as const
const { paths } = ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> }
const operations: Operation[] = Object.entries(paths).flatMap(([route, byMethod]) =>
  methods
    .filter((method) => method in byMethod)
    .map((method) => ({
      method: method.toUpperCase() as Operation['method'],
      url: route.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000'),
      route: `${method.toUpperCase()} ${route}`,
    })),
)

const send = ({ method, url }: Operation, authorization?: string) =>
  ctx.app.inject({
    method,
    url,
    headers: authorization ? { authorization } : {},
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
  })

// A route is protected when it refuses a caller without a token.
const protectedOperations: Operation[] = []
for (const operation of operations) {
  const response = await send(operation)
  if (response.statusCode === 401) protectedOperations.push(operation)
}

const notValid = { detail: 'Your session has expired or is not valid. Please log in again.' }
const signedWithOurKey = (userId: string) =>
  ctx.tokens.signAccess({ user_id: userId, full_name: 'Mallory', email: 'mallory@example.com' }, crypto.randomUUID())

describe('the routes found', () => {
  it('include the dashboard calls', () => {
    expect(protectedOperations.length).toBeGreaterThanOrEqual(17)
    expect(protectedOperations.map((operation) => operation.route)).toEqual(
      expect.arrayContaining(['GET /api/v1/free-product', 'POST /api/v1/advertising-pixel', 'PATCH /api/v1/store-settings/{userId}']),
    )
  })
})

describe.each(protectedOperations)('$route', (operation) => {
  it.each(['not-a-uuid', '1', "' OR 1=1 --", 'x'.repeat(300)])(
    'answers 401 to a validly signed token whose user_id is %j',
    async (userId) => {
      const response = await send(operation, `Bearer ${await signedWithOurKey(userId)}`)
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual(notValid)
    },
  )

  it('answers 401 to a validly signed token of a seller that no longer exists', async () => {
    const response = await send(operation, `Bearer ${await signedWithOurKey(crypto.randomUUID())}`)
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual(notValid)
  })
})

describe('every route, public ones included', () => {
  it('never answers 5xx to a validly signed token that names no seller', async () => {
    const tokens = [await signedWithOurKey('not-a-uuid'), await signedWithOurKey(crypto.randomUUID())]
    for (const operation of operations) {
      for (const token of tokens) {
        const response = await send(operation, `Bearer ${token}`)
        expect(response.statusCode, operation.route).toBeLessThan(500)
      }
    }
  })
})

describe('a seller deleted while its access token is still fresh', () => {
  // It writes, so it runs on its own database and app, not on the shared read-only one above.
  test('cannot add a pixel (was a 500 on the foreign key) and nothing is stored', async ({ app: ctx }) => {
    const session = await createSellerSession(ctx)
    await ctx.pool.query('DELETE FROM sellers WHERE id = $1', [session.seller.id])
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/advertising-pixel/',
      headers: session.headers,
      payload: { pixel_type: 'facebook', script: '<script>fbq("init", "1")</script>' },
    })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual(notValid)
    const { rows } = await ctx.pool.query('SELECT count(*)::int AS count FROM advertising_pixels')
    expect(rows[0].count).toBe(0)
  })
})
