import { afterAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../../test/build-test-app.js'
import { createSellerSession } from '../../test/factories.js'
import { type DocumentOperation, type FuzzRequest, fuzzRequests, seededRandom } from '../../test/fuzz-requests.js'
import { createFree } from '../modules/offers/offer-test-kit.js'

/**
 * Issue 23: every operation of the API's OpenAPI document, driven with malformed requests (types,
 * sizes, nesting, encodings, content types, path and query values; test/fuzz-requests.ts), never
 * answers 5xx, and every answer matches what the document declares for it (the test app checks
 * each one, test/openapi-responses.ts). The requests come from one seed: FUZZ_SEED=<n> replays a
 * run, and a failure names the seed that found it.
 */
const seed = Number(process.env.FUZZ_SEED ?? 20_261_126)
const random = seededRandom(seed)

const ctx = await createTestApp()
afterAll(() => ctx.close())
const owner = await createSellerSession(ctx)
const stranger = await createSellerSession(ctx)
// Real ids for the path parameters the plausible requests carry: the owner's offer and account.
const offer = await createFree(ctx, owner.headers)
const fill = (name: string) => (name === 'userId' ? owner.seller.id : name === 'id' ? offer.id : crypto.randomUUID())

const document = JSON.parse(JSON.stringify(ctx.app.swagger())) as { paths: Record<string, Record<string, DocumentOperation>> }
const requests: FuzzRequest[] = Object.entries(document.paths).flatMap(([route, byMethod]) =>
  Object.entries(byMethod)
    // The owner's log-in must last the whole run, and the CRM test sends real requests.
    .filter(([method]) => `${method} ${route}` !== 'post /api/v1/authentication/logout')
    .flatMap(([method, operation]) => fuzzRequests(route, method, operation, random, fill)),
)

const authorization = {
  owner: owner.headers.authorization,
  stranger: stranger.headers.authorization,
  garbage: 'Bearer not.a.token',
  none: undefined,
}
let client = 0

describe(`malformed requests on every operation (FUZZ_SEED=${seed})`, () => {
  it('covers every operation with a few thousand requests', () => {
    expect(Object.keys(document.paths).length).toBeGreaterThan(40)
    expect(requests.length).toBeGreaterThan(2_000)
  })

  it('never answers 5xx, and answers only what the document declares', async () => {
    const failures: string[] = []
    for (const request of requests) {
      const bearer = authorization[request.caller]
      client += 1
      const response = await ctx.app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: { ...request.headers, ...(bearer ? { authorization: bearer } : {}) },
        ...(request.payload === undefined ? {} : { payload: request.payload }),
        // One client address each: the per-client limits would otherwise answer most of them 429.
        remoteAddress: `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`,
      })
      const where = `${request.method} ${request.url.slice(0, 120)} [${request.label}, ${request.caller}]`
      if (response.statusCode >= 500) failures.push(`${where} → ${response.statusCode} ${response.body.slice(0, 200)}`)
      for (const problem of ctx.answersOffDocument()) failures.push(`${where}: ${problem}`)
    }
    expect(failures, `FUZZ_SEED=${seed}`).toEqual([])
  }, 600_000)
})
