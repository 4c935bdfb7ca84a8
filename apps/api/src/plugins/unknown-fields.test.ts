import { afterAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../../test/build-test-app.js'
import { createSellerSession } from '../../test/factories.js'

/**
 * Every call that takes a JSON body, read from the app's own OpenAPI document (a call added later
 * is covered without touching this file), refuses a field it does not know, naming it.
 */
const ctx = await createTestApp()
afterAll(() => ctx.close())
const owner = await createSellerSession(ctx)

type Operation = { method: 'POST' | 'PUT' | 'PATCH'; url: string; route: string }
const methods = ['post', 'put', 'patch'] as const
type OpenApiOperation = { requestBody?: { content?: Record<string, unknown> } }
const { paths } = ctx.app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> }
const jsonOperations: Operation[] = Object.entries(paths).flatMap(([route, byMethod]) =>
  methods
    .filter((method) => byMethod[method]?.requestBody?.content?.['application/json'])
    .map((method) => ({
      method: method.toUpperCase() as Operation['method'],
      url: route.replace('{userId}', owner.seller.id).replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000'),
      route: `${method.toUpperCase()} ${route}`,
    })),
)

describe('the calls found', () => {
  it('include the settings and payment-account calls', () => {
    expect(jsonOperations.map((operation) => operation.route)).toEqual(
      expect.arrayContaining([
        'POST /api/v1/stripe/account/connect',
        'PATCH /api/v1/store-settings/{userId}',
        'PATCH /api/v1/domain-settings/{userId}',
        'POST /api/v1/advertising-pixel',
        'PATCH /api/v1/advertising-pixel/{id}',
        'POST /api/v1/authentication/token',
      ]),
    )
  })
})

describe.each(jsonOperations)('$route', ({ method, url }) => {
  it('answers 400 naming a field it does not accept', async () => {
    const response = await ctx.app.inject({ method, url, headers: owner.headers, payload: { is_admin: true } })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ is_admin: ['This field is not accepted here.'] })
  })
})

describe('nested objects', () => {
  it('refuses an unknown key inside webhook_keys', async () => {
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/store-settings/${owner.seller.id}/`,
      headers: owner.headers,
      payload: { webhook_url: 'https://crm.example.com/hook', webhook_keys: { email: 'email', full_name: 'name', phone: 'phone' } },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: expect.any(String), 'webhook_keys.phone': ['This field is not accepted here.'] })
  })
})
