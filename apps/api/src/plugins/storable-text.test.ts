import type { TestApp } from '../../test/build-test-app.js'
import { createSellerSession } from '../../test/factories.js'
import { describe, expect, test } from '../../test/fixtures.js'
import { multipart } from '../../test/multipart.js'
import { unstorableTextMessage, unstorableTextPaths } from './storable-text.js'

type JsonSchema = { type?: string; anyOf?: JsonSchema[]; properties?: Record<string, JsonSchema> }
type Parameter = { in: 'query' | 'path'; name: string; schema?: JsonSchema }
type Operation = { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }

/** One text input of one call, found in the API's own OpenAPI document. */
type TextInput = { method: string; path: string; where: 'json' | 'multipart' | 'query' | 'path'; field: string[] }

const isText = (schema: JsonSchema | undefined): boolean =>
  schema?.type === 'string' || (schema?.anyOf ?? []).some((option) => option.type === 'string')

function textFields(schema: JsonSchema, prefix: string[] = []): string[][] {
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    if (property.properties) return textFields(property, [...prefix, name])
    return isText(property) ? [[...prefix, name]] : []
  })
}

/** Every text field of every call: JSON and multipart bodies, query strings and path parameters. */
function textInputs(document: { paths: Record<string, Record<string, Operation>> }): TextInput[] {
  const inputs: TextInput[] = []
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      for (const [type, { schema }] of Object.entries(operation.requestBody?.content ?? {})) {
        const where = type === 'multipart/form-data' ? 'multipart' : 'json'
        for (const field of textFields(schema)) inputs.push({ method, path, where, field })
      }
      for (const parameter of operation.parameters ?? []) {
        if (isText(parameter.schema)) inputs.push({ method, path, where: parameter.in, field: [parameter.name] })
      }
    }
  }
  return inputs
}

const nested = (field: string[], value: string): Record<string, unknown> =>
  field.length === 1 ? { [field[0] ?? '']: value } : { [field[0] ?? '']: nested(field.slice(1), value) }

/**
 * Issue 9 item 7: a lone surrogate or a NUL in any text field of any call is a 400 on that field,
 * never a 500 and never stored. The calls come from the API's OpenAPI document, so a call added
 * later is checked too.
 */
describe('text PostgreSQL cannot store, in every text field of every call', () => {
  let ctx: TestApp
  let authorization: string
  let inputs: TextInput[]
  let client = 0

  test.beforeEach(async ({ app }) => {
    ctx = app
    authorization = `Bearer ${(await createSellerSession(ctx)).access}`
    inputs = textInputs(ctx.app.swagger() as Parameters<typeof textInputs>[0])
  })

  async function send(input: TextInput, poison: string) {
    client += 1
    // Its own client address each: rate limits never answer before validation does.
    const remoteAddress = `198.18.${client >> 8}.${client & 255}`
    const headers: Record<string, string> = { authorization }
    const value = `a${poison}b`
    let url = input.path.replace(/\{(\w+)\}/g, (_whole, name: string) =>
      input.where === 'path' && name === input.field[0] ? encodeURIComponent(value) : crypto.randomUUID(),
    )
    if (input.where === 'query') url += `?${input.field[0]}=${encodeURIComponent(value)}`
    let payload: string | Buffer | undefined
    if (input.where === 'json') {
      payload = JSON.stringify(nested(input.field, value))
      headers['content-type'] = 'application/json'
    } else if (input.where === 'multipart') {
      const form = await multipart({ [input.field.join('.')]: value })
      payload = form.payload
      Object.assign(headers, form.headers)
    } else if (input.method !== 'get' && input.method !== 'delete') {
      payload = '{}'
      headers['content-type'] = 'application/json'
    }
    const method = input.method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
    return ctx.app.inject({ method, url, headers, remoteAddress, ...(payload === undefined ? {} : { payload }) })
  }

  test('finds the calls to check in the API document', () => {
    const calls = new Set(inputs.map((input) => `${input.method} ${input.path}`))
    // Lead capture, both intent calls, sign-up, the offer forms, settings, the report filters, and more.
    expect(calls.size).toBeGreaterThanOrEqual(30)
    for (const where of ['json', 'multipart', 'query', 'path'] as const) expect(inputs.some((input) => input.where === where)).toBe(true)
    expect(inputs).toContainEqual({ method: 'post', path: '/api/v1/seller/webhook/notify', where: 'json', field: ['full_name'] })
    expect(inputs).toContainEqual({
      method: 'patch',
      path: '/api/v1/store-settings/{userId}',
      where: 'json',
      field: ['webhook_keys', 'email'],
    })
    expect(inputs).toContainEqual({ method: 'get', path: '/api/v1/orders', where: 'query', field: ['search'] })
  })

  test('answers 400 on the field for a NUL character, everywhere', async () => {
    const failures: string[] = []
    for (const input of inputs) {
      const response = await send(input, '\u0000')
      const errors = response.statusCode === 400 ? (response.json() as Record<string, unknown>) : {}
      const messages = errors[input.field.join('.')]
      if (!Array.isArray(messages) || !messages.includes(unstorableTextMessage)) {
        failures.push(
          `${input.method} ${input.path} ${input.where} ${input.field.join('.')}: ${response.statusCode} ${response.body.slice(0, 200)}`,
        )
      }
    }
    expect(failures).toEqual([])
  })

  test('answers 400 on the field for a lone surrogate in every JSON body', async () => {
    const failures: string[] = []
    for (const input of inputs.filter((each) => each.where === 'json')) {
      for (const surrogate of ['\ud83d', '\ude00']) {
        const response = await send(input, surrogate)
        const errors = response.statusCode === 400 ? (response.json() as Record<string, unknown>) : {}
        const messages = errors[input.field.join('.')]
        if (!Array.isArray(messages) || !messages.includes(unstorableTextMessage)) {
          failures.push(`${input.method} ${input.path} ${input.field.join('.')}: ${response.statusCode} ${response.body.slice(0, 200)}`)
        }
      }
    }
    expect(failures).toEqual([])
  })
})

describe('unstorableTextPaths', () => {
  test('finds NULs and lone surrogates at any depth, and lets whole surrogate pairs through', () => {
    expect(unstorableTextPaths({ a: 'ok 😀', b: ['fine', 'x\ud800'], c: { d: '\u0000' }, e: 3, f: null })).toEqual([
      ['b', 1],
      ['c', 'd'],
    ])
    expect(unstorableTextPaths('\udc00\ud800')).toEqual([[]])
    expect(unstorableTextPaths({ 'key\u0000': 'value' })).toEqual([['non_field_errors']])
  })
})
