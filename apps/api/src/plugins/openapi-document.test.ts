import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../../test/build-test-app.js'
import { documentPathOf, operationIdOf } from './openapi-document.js'

const run = promisify(execFile)
const redoclyCli = path.join(path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin/cli.js')

type Operation = {
  operationId?: string
  security?: Record<string, string[]>[]
  responses: Record<string, { $ref?: string; content?: unknown }>
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> }

const ctx = await createTestApp()
afterAll(() => ctx.close())
// A plain copy: the document's own types describe every OpenAPI version at once.
const document = JSON.parse(JSON.stringify(ctx.app.swagger())) as Document
const operations = Object.entries(document.paths).flatMap(([route, byMethod]) =>
  Object.entries(byMethod).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${route}`, route, method, operation })),
)
const named = (name: string) => operations.find((operation) => operation.name === name)?.operation

describe('the OpenAPI document (issue 23)', () => {
  it("passes Redocly's recommended lint with no error", async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'funnelry-openapi-'))
    try {
      const file = path.join(folder, 'openapi.json')
      await writeFile(file, JSON.stringify(document))
      // Exit code 1 on errors: the JSON report is read either way.
      const { stdout } = await run(process.execPath, [redoclyCli, 'lint', '--extends', 'recommended', '--format', 'json', file], {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }))
      const report = JSON.parse(stdout) as { totals: { errors: number }; problems: { ruleId: string; severity: string; message: string }[] }
      const errors = report.problems
        .filter((problem) => problem.severity === 'error')
        .map((problem) => `${problem.ruleId}: ${problem.message}`)
      expect(errors).toEqual([])
      expect(report.totals.errors).toBe(0)
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  }, 60_000)

  it('is OpenAPI 3.1 and lists the paths without their trailing slash, which the server answers both ways', async () => {
    expect(document.openapi).toBe('3.1.0')
    expect(Object.keys(document.paths).filter((route) => route.endsWith('/'))).toEqual([])
    expect(Object.keys(document.paths)).toContain('/api/v1/free-product/{id}')
    for (const url of ['/api/v1/health', '/api/v1/health/']) expect((await ctx.inject({ method: 'GET', url })).statusCode).toBe(200)
  })

  it('declares bearer auth on signed-in calls, none on public ones, and either on public reads that recognise their owner', () => {
    expect(named('GET /api/v1/free-product')?.security).toEqual([{ bearerAuth: [] }])
    expect(named('PATCH /api/v1/store-settings/{userId}')?.security).toEqual([{ bearerAuth: [] }])
    expect(named('POST /api/v1/advertising-pixel')?.security).toEqual([{ bearerAuth: [] }])
    expect(named('POST /api/v1/free-product/{id}/archive')?.security).toEqual([{ bearerAuth: [] }])
    expect(named('POST /api/v1/authentication/token')?.security).toEqual([])
    expect(named('POST /api/v1/seller/webhook/notify')?.security).toEqual([])
    expect(named('GET /api/v1/free-product/{id}')?.security).toEqual([{}, { bearerAuth: [] }])
    expect(named('GET /api/v1/upsell-offer/{id}')?.security).toEqual([{}, { bearerAuth: [] }])
  })

  it('declares the error answers of every operation, 401 where a token is taken', () => {
    for (const { name, operation } of operations) {
      expect(operation.responses['400'], name).toBeDefined()
      expect(operation.responses['404'], name).toBeDefined()
      expect(operation.responses.default, name).toEqual({ $ref: '#/components/responses/Error' })
      const takesToken = (operation.security ?? []).some((requirement) => 'bearerAuth' in requirement)
      // The log-in call takes no token but answers 401 when two-factor asks for a code (decision D33).
      const asksForCode = name === 'POST /api/v1/authentication/token'
      expect('401' in operation.responses, name).toBe(takesToken || asksForCode)
    }
  })

  it('declares no body on a 204', () => {
    const noContent = operations.filter(({ operation }) => operation.responses['204'])
    expect(noContent.map(({ name }) => name)).toContain('DELETE /api/v1/advertising-pixel/{id}')
    for (const { name, operation } of noContent) expect(operation.responses['204']?.content, name).toBeUndefined()
  })

  it('names every operation once', () => {
    const ids = operations.map(({ operation }) => operation.operationId)
    expect(new Set(ids).size).toBe(operations.length)
    expect(named('GET /api/v1/free-product/{id}')?.operationId).toBe('getFreeProductById')
  })
})

describe('document paths and operation ids', () => {
  it('turns route parameters into path templates and drops the trailing slash', () => {
    expect(documentPathOf('/api/v1/store-settings/:userId/')).toBe('/api/v1/store-settings/{userId}')
    expect(documentPathOf('/')).toBe('/')
  })

  it('spells the method and the words of the path', () => {
    expect(operationIdOf('POST', '/api/v1/authentication/token/refresh')).toBe('postAuthenticationTokenRefresh')
    expect(operationIdOf('GET', '/api/v1/order-receipts/{reference}')).toBe('getOrderReceiptsByReference')
  })
})
