import { describe, expect, it } from 'vitest'
import type { TestApp } from '../../test/build-test-app.js'
import { createSellerSession } from '../../test/factories.js'
import { test } from '../../test/fixtures.js'
import { jsonNestsDeeperThan, jsonTooDeepMessage, maxJsonDepth } from './json-body.js'

const nestedArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`

describe('jsonNestsDeeperThan', () => {
  it('counts objects and arrays inside one another', () => {
    expect(jsonNestsDeeperThan(nestedArrays(3), 3)).toBe(false)
    expect(jsonNestsDeeperThan(nestedArrays(4), 3)).toBe(true)
    expect(jsonNestsDeeperThan(nestedObjects(4), 3)).toBe(true)
    expect(jsonNestsDeeperThan('{"a":[{"b":[1]}]}', 4)).toBe(false)
  })

  it('does not count siblings as depth', () => {
    expect(jsonNestsDeeperThan(`[${Array.from({ length: 1000 }, () => '[1]').join(',')}]`, 2)).toBe(false)
  })

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonNestsDeeperThan(JSON.stringify({ a: '[[[[[[{{{{' }), 1)).toBe(false)
    expect(jsonNestsDeeperThan(JSON.stringify({ a: 'say \\"[[[[' }), 1)).toBe(false)
    expect(jsonNestsDeeperThan(JSON.stringify({ a: 'a "quoted" [[[[[' }), 1)).toBe(false)
  })
})

describe('a JSON body nested too deeply', () => {
  let ctx: TestApp
  test.beforeEach(async ({ app }) => {
    ctx = app
  })

  test.each([
    ['arrays', nestedArrays(100_000)],
    ['objects', nestedObjects(100_000)],
    ['objects one past the limit', nestedObjects(maxJsonDepth + 1)],
    ['an array of objects', `[${nestedObjects(5_000)}]`],
  ])('is a 400 naming the limit (%s), on a public call and a signed-in one', async (_kind, body) => {
    const owner = await createSellerSession(ctx)
    const calls = [
      { url: '/api/v1/seller/webhook/notify/', headers: {} },
      { url: '/api/v1/advertising-pixel/', headers: owner.headers },
      { url: '/api/v1/authentication/token/', headers: {} },
    ]
    for (const { url, headers } of calls) {
      const response = await ctx.app.inject({ method: 'POST', url, body, headers: { ...headers, 'content-type': 'application/json' } })
      expect(response.statusCode, url).toBe(400)
      expect(response.json(), url).toEqual({ detail: jsonTooDeepMessage })
    }
  })

  test('at the limit is read and answered as any other body', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/token/',
      body: JSON.stringify({ email: 'a@example.com', password: JSON.parse(nestedObjects(maxJsonDepth - 1)) }),
      headers: { 'content-type': 'application/json' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ password: [expect.any(String)] })
  })
})
