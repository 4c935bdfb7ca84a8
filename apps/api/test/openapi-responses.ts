import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { documentPathOf } from '../src/plugins/openapi-document.js'

type Json = Record<string, unknown>
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)
const pointer = (...parts: string[]) => parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')
const documentId = 'openapi.json'
const noBody = new Set([204, 205])

function decoded(payload: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return brotliDecompressSync(payload).toString('utf8')
  if (encoding === 'gzip') return gunzipSync(payload).toString('utf8')
  if (encoding === 'deflate') return inflateSync(payload).toString('utf8')
  return payload.toString('utf8')
}

/**
 * Checks every answer of the API against the app's own OpenAPI document (issue 23): the body of
 * each status an operation answers must match what the document declares for it, and an answer
 * no route gave (404, 405) must be the document's `Error`. The test app calls `check` from an
 * onSend hook and fails the test that made an answer off the document (build-test-app.ts).
 */
/** A document, and the validators of its answers compiled so far. */
type DocumentCheck = { document: Json; validatorAt: (path: string) => ValidateFunction }

/**
 * One per distinct API surface in this worker. Generating the document (zod to JSON Schema for
 * every route) and loading it into Ajv took 0.3-0.5 s per test app, more than anything else a test
 * did; every test app of the same routes and address has the same document, so they share one.
 */
const documentChecks = new Map<string, DocumentCheck>()

function documentCheck(key: string, readDocument: () => unknown): DocumentCheck {
  const known = documentChecks.get(key)
  if (known) return known
  const read = readDocument()
  const document = isRecord(read) ? read : {}
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats(ajv)
  // Uploads (multipart files) in request bodies; nothing to check in an answer.
  ajv.addFormat('binary', true)
  ajv.addSchema(document, documentId)
  const compiled = new Map<string, ValidateFunction>()
  const validatorAt = (path: string) => {
    let validate = compiled.get(path)
    if (!validate) {
      validate = ajv.compile({ $ref: `${documentId}#/${path}` })
      compiled.set(path, validate)
    }
    return validate
  }
  const check = { document, validatorAt }
  documentChecks.set(key, check)
  return check
}

/**
 * Checks every answer of the API against the app's own OpenAPI document (issue 23): the body of
 * each status an operation answers must match what the document declares for it, and an answer
 * no route gave (404, 405) must be the document's `Error`. The test app calls `check` from an
 * onSend hook and fails the test that made an answer off the document (build-test-app.ts).
 * `surface` names what the document is made of (the app's routes and its public address): apps
 * with the same surface share one document and its validators.
 */
export function createResponseCheck(readDocument: () => unknown, surface: () => string) {
  let loaded: DocumentCheck | undefined
  const problems: string[] = []
  const load = () => {
    loaded ??= documentCheck(surface(), readDocument)
    return loaded
  }
  const validatorAt = (path: string) => load().validatorAt(path)

  /** The document's response object for an answer, `$ref`s to shared responses followed. */
  const declaredResponse = (method: string, url: string | undefined, status: number): { at: string; response: Json } | null => {
    const { document } = load()
    const shared = (name: string) => {
      const responses = isRecord(document.components) ? document.components.responses : undefined
      const response = isRecord(responses) ? responses[name] : undefined
      return isRecord(response) ? { at: pointer('components', 'responses', name), response } : null
    }
    if (!url) return shared('Error')
    const path = documentPathOf(url)
    const paths = isRecord(document.paths) ? document.paths : {}
    const item = paths[path]
    const operation = isRecord(item) ? item[method.toLowerCase()] : undefined
    if (!isRecord(operation) || !isRecord(operation.responses)) return null
    const responses = operation.responses
    const key = [String(status), `${String(status)[0]}XX`, 'default'].find((candidate) => candidate in responses)
    const response = key ? responses[key] : undefined
    if (!key || !isRecord(response)) return null
    const ref = typeof response.$ref === 'string' ? response.$ref : undefined
    if (ref) return shared(ref.replace('#/components/responses/', ''))
    return { at: pointer('paths', path, method.toLowerCase(), 'responses', key), response }
  }

  function check(request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
    const url = request.routeOptions.url
    const pathname = request.url.split('?')[0] ?? ''
    // The document describes the API; the web app's pages and files are not in it.
    if (!pathname.startsWith('/api/v1/')) return
    if (request.method === 'HEAD' || request.method === 'OPTIONS') return
    const status = reply.statusCode
    const where = `${request.method} ${request.url} → ${status}`
    const declared = declaredResponse(request.method, url, status)
    if (!declared) {
      problems.push(`${where}: the document declares no such answer`)
      return
    }
    // Fastify sends no body with these whatever the handler gave; a redirect is its Location.
    if (noBody.has(status) || (status >= 300 && status < 400)) return
    const text =
      typeof payload === 'string'
        ? payload
        : Buffer.isBuffer(payload)
          ? decoded(payload, String(reply.getHeader('content-encoding') ?? ''))
          : null
    const content = isRecord(declared.response.content) ? declared.response.content : undefined
    const contentType = String(reply.getHeader('content-type') ?? '')
    if (!content || !('application/json' in content)) {
      if (status >= 400) problems.push(`${where}: an error without a JSON body in the document`)
      return
    }
    if (!contentType.startsWith('application/json')) {
      problems.push(`${where}: ${contentType || 'no content type'}, where the document declares JSON`)
      return
    }
    // A stream (an export) is not read here; JSON answers are strings or buffers.
    if (text === null) return
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      problems.push(`${where}: a body that is not JSON`)
      return
    }
    const validate = validatorAt(`${declared.at}/${pointer('content', 'application/json', 'schema')}`)
    if (!validate(body)) {
      const errors = (validate.errors ?? []).map((error) => `${error.instancePath || '(body)'} ${error.message ?? ''}`).join('; ')
      problems.push(`${where}: ${JSON.stringify(body).slice(0, 300)} does not match the document: ${errors}`)
    }
  }

  return {
    check,
    /** The answers off the document so far, emptied by reading. */
    takeProblems: () => problems.splice(0),
  }
}
export type ResponseCheck = ReturnType<typeof createResponseCheck>
