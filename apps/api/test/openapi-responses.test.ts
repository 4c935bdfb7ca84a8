import { z } from 'zod'
import { describe, expect, test } from './fixtures.js'

/** The check every API test runs on every answer (openapi-responses.ts) finds what it is for. */
describe('answers checked against the OpenAPI document', () => {
  test.override('appOptions', () => ({
    beforeReady: (app) => {
      // A call of this test only, in the document, answering shapes the check must refuse.
      app.get(
        '/api/v1/test-answers/',
        { schema: { querystring: z.object({ answer: z.enum(['no-detail', 'html', 'empty-201']) }) } },
        async (request, reply) => {
          if (request.query.answer === 'no-detail') return reply.code(400).send({ message: 'no detail' })
          if (request.query.answer === 'html') return reply.code(404).type('text/html').send('<h1>gone</h1>')
          return reply.code(201).send({})
        },
      )
      app.get('/api/v1/test-hidden/', { schema: { hide: true } }, async () => ({ ok: true }))
    },
  }))

  test('passes answers the document declares, errors included', async ({ app }) => {
    await app.inject({ method: 'GET', url: '/api/v1/health/' })
    await app.inject({ method: 'GET', url: '/api/v1/no-such-call/' })
    await app.inject({ method: 'POST', url: '/api/v1/authentication/token/', payload: { email: 'not an email' } })
    await app.inject({ method: 'GET', url: '/api/v1/free-product/' })
    await app.inject({ method: 'GET', url: '/api/v1/test-answers/?answer=other' })
    expect(app.answersOffDocument()).toEqual([])
  })

  test('reports an error body without detail, an HTML error, a body off its schema and a call not in the document', async ({ app }) => {
    for (const answer of ['no-detail', 'html', 'empty-201'])
      await app.inject({ method: 'GET', url: `/api/v1/test-answers/?answer=${answer}` })
    await app.inject({ method: 'GET', url: '/api/v1/test-hidden/' })
    expect(app.answersOffDocument()).toEqual([
      expect.stringMatching(
        /^GET \/api\/v1\/test-answers\/\?answer=no-detail → 400: \{"message":"no detail"\} does not match the document: .*detail/,
      ),
      'GET /api/v1/test-answers/?answer=html → 404: text/html, where the document declares JSON',
      expect.stringMatching(/^GET \/api\/v1\/test-answers\/\?answer=empty-201 → 201: \{\} does not match the document/),
      'GET /api/v1/test-hidden/ → 200: the document declares no such answer',
    ])
  })
})
