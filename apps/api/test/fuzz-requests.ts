/**
 * Malformed requests for every operation of the API's OpenAPI document (issue 23's fuzz test):
 * each operation gets a plausible request built from its own schemas, then variants that break it
 * one way each: wrong types, sizes, nesting, encodings, content types, path and query values.
 * Everything comes from one seeded generator, so a failure is reproduced by its seed.
 */

export type JsonSchema = {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  enum?: unknown[]
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  format?: string
  minimum?: number
  maximum?: number
  maxLength?: number
  const?: unknown
  default?: unknown
}
type Parameter = { in: string; name: string; schema?: JsonSchema }
export type DocumentOperation = {
  parameters?: Parameter[]
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> }
  security?: Record<string, string[]>[]
}
export type Caller = 'owner' | 'stranger' | 'none' | 'garbage'
export type FuzzRequest = {
  label: string
  method: string
  url: string
  caller: Caller
  headers: Record<string, string>
  payload?: string | Buffer
}

/** mulberry32: small, fast and the same on every machine for one seed. */
export function seededRandom(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (below: number) => Math.floor(next() * below)
  return { next, int, pick: <T>(items: readonly T[]): T => items[int(items.length)] as T }
}
export type Random = ReturnType<typeof seededRandom>

const nested = (depth: number, leaf: unknown = 1): unknown => {
  let value = leaf
  for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { a: value }
  return value
}

/** Values of every kind that a field may be sent instead of what it takes. */
const wrongValues: readonly unknown[] = [
  0,
  -1,
  1.5,
  1e308,
  Number.MAX_SAFE_INTEGER + 2,
  true,
  false,
  null,
  [],
  {},
  [1, 'two', null],
  { nested: { deeper: true } },
  '',
  ' ',
  'x'.repeat(100_000),
  'é'.repeat(5_000),
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udc00 trailing',
  '😀'.repeat(300),
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../../../etc/passwd',
  '%00%ff',
  '\u202e\u200b\ufeff',
  '2026-02-30',
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  'https://169.254.169.254/latest/meta-data/',
  'javascript:alert(1)',
  '-0',
  'NaN',
  '1e999',
  nested(31),
  nested(33),
]

const pathValues: readonly string[] = [
  'abc',
  '0',
  '-1',
  '00000000-0000-4000-8000-000000000000',
  'x'.repeat(99),
  'x'.repeat(101),
  '%00',
  '%ED%A0%80',
  '%F0%9F%98%80',
  '..%2F..%2Fetc',
  '%25',
  'null',
  "'%20OR%201=1",
  'ü',
]

const queryValues: readonly string[] = [
  '',
  'abc',
  '-1',
  '0',
  '1.5',
  '99999999999999999999999',
  '1e3',
  'true',
  '%00',
  '%ED%A0%80',
  '%F0%9F%98%80',
  'x'.repeat(3_000),
  '2026-13-45',
  '[]',
  '{}',
  '%',
]

/** A plausible value for a schema: the base the variants break. */
export function plausibleValue(schema: JsonSchema | undefined, random: Random): unknown {
  if (!schema) return 'value'
  if (schema.const !== undefined) return schema.const
  if (schema.enum?.length) return random.pick(schema.enum)
  const options = schema.anyOf ?? schema.oneOf
  if (options?.length) return plausibleValue(random.pick(options.filter((option) => option.type !== 'null')) ?? options[0], random)
  const type = Array.isArray(schema.type) ? schema.type.find((candidate) => candidate !== 'null') : schema.type
  if (type === 'object' || schema.properties) {
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, property]) => [name, plausibleValue(property, random)]))
  }
  if (type === 'array') return [plausibleValue(schema.items, random)]
  if (type === 'integer' || type === 'number') return Math.max(schema.minimum ?? 1, Math.min(schema.maximum ?? 10, 1))
  if (type === 'boolean') return true
  if (type === 'null') return null
  if (schema.format === 'email') return `fuzz${random.int(1_000_000)}@example.com`
  if (schema.format === 'uri') return 'https://example.com/a'
  if (schema.format === 'uuid') return crypto.randomUUID()
  if (schema.format === 'date') return '2026-11-01'
  return 'Fuzz text'
}

const jsonHeaders = { 'content-type': 'application/json' }

/** Ways to send a JSON body wrong, each a payload and its headers. */
function jsonBodyVariants(
  schema: JsonSchema | undefined,
  random: Random,
): { label: string; headers: Record<string, string>; payload?: string | Buffer }[] {
  const base = plausibleValue(schema, random)
  const fields = Object.keys(schema?.properties ?? {})
  const object = typeof base === 'object' && base !== null && !Array.isArray(base) ? (base as Record<string, unknown>) : {}
  const json = (label: string, value: unknown) => ({ label, headers: jsonHeaders, payload: JSON.stringify(value) })
  const variants = [
    json('the plausible body', base),
    json('an unknown field', { ...object, is_admin: true }),
    json('an empty object', {}),
    json('an array', [object]),
    json('a string', 'body'),
    json('a number', 42),
    json('null', null),
    json('nested 33 deep', nested(33, object)),
    json('nested 2,000 deep', nested(2_000)),
    { label: 'nested 100,000 deep', headers: jsonHeaders, payload: `${'['.repeat(100_000)}${']'.repeat(100_000)}` },
    { label: 'truncated JSON', headers: jsonHeaders, payload: JSON.stringify(object).slice(0, -1) },
    { label: 'JSON with a trailing comma', headers: jsonHeaders, payload: '{"a": 1,}' },
    { label: 'JSON with NaN', headers: jsonHeaders, payload: '{"a": NaN}' },
    { label: 'a byte-order mark first', headers: jsonHeaders, payload: `\ufeff${JSON.stringify(object)}` },
    {
      label: 'bytes that are not UTF-8',
      headers: jsonHeaders,
      payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x22, 0x7d]),
    },
    {
      label: 'duplicate keys',
      headers: jsonHeaders,
      payload: `{${fields.map((field) => `"${field}": 1, "${field}": "again"`).join(',')}}`,
    },
    {
      label: 'a prototype-polluting key',
      headers: jsonHeaders,
      payload: `{"__proto__": {"admin": true}, "constructor": {"prototype": {"admin": true}}}`,
    },
    { label: 'an empty body', headers: jsonHeaders, payload: '' },
    { label: 'no body at all', headers: {} },
    { label: 'a body over 1 MB', headers: jsonHeaders, payload: JSON.stringify({ ...object, padding: 'x'.repeat(1_100_000) }) },
    { label: 'text/plain', headers: { 'content-type': 'text/plain' }, payload: JSON.stringify(object) },
    { label: 'a form encoding', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1&b=2' },
    {
      label: 'JSON in UTF-16',
      headers: { 'content-type': 'application/json; charset=utf-16' },
      payload: Buffer.from(JSON.stringify(object), 'utf16le'),
    },
    { label: 'a content type with no subtype', headers: { 'content-type': 'application/' }, payload: '{}' },
    { label: 'multipart without a boundary', headers: { 'content-type': 'multipart/form-data' }, payload: JSON.stringify(object) },
  ]
  // Each field, three times, sent as something of another kind.
  for (const field of fields) {
    for (let round = 0; round < 3; round += 1) {
      const wrong = random.pick(wrongValues)
      variants.push(json(`${field} as ${JSON.stringify(wrong)?.slice(0, 40)}`, { ...object, [field]: wrong }))
    }
  }
  return variants
}

function multipartPayload(fields: [string, string | { filename: string; type: string; bytes: Buffer }][], boundary = 'fuzzboundary') {
  const parts = fields.map(([name, value]) =>
    typeof value === 'string'
      ? Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      : Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.type}\r\n\r\n`,
          ),
          value.bytes,
          Buffer.from('\r\n'),
        ]),
  )
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

/** Ways to send a multipart form wrong. */
function multipartVariants(
  schema: JsonSchema | undefined,
  random: Random,
): { label: string; headers: Record<string, string>; payload?: string | Buffer }[] {
  const properties = Object.entries(schema?.properties ?? {})
  const text = (property: JsonSchema) => {
    const value = plausibleValue(property, random)
    return typeof value === 'string' ? value : JSON.stringify(value)
  }
  const base: [string, string][] = properties
    .filter(([, property]) => property.format !== 'binary')
    .map(([name, property]) => [name, text(property)])
  const form = (label: string, fields: Parameters<typeof multipartPayload>[0]) => ({ label, ...multipartPayload(fields) })
  const variants = [
    form('the plausible form', base),
    form('an unknown field', [...base, ['is_admin', 'true']]),
    form('a field sent twice', [...base, ...base.slice(0, 1)]),
    form(
      'a file on a text field',
      base.map(([name], index) => [
        name,
        index === 0 ? { filename: 'a.txt', type: 'text/plain', bytes: Buffer.from('x') } : (base[index]?.[1] ?? ''),
      ]),
    ),
    form('an image field holding text', [
      ...base,
      ['asset_image', { filename: 'a.png', type: 'image/png', bytes: Buffer.from('not a png') }],
    ]),
    form(
      'a field of 1 MB',
      base.map(([name, value], index) => [name, index === 0 ? 'x'.repeat(1_100_000) : value]),
    ),
    form(
      'a NUL in every field',
      base.map(([name, value]) => [name, `${value}\u0000`]),
    ),
    form(
      'a lone surrogate in every field',
      base.map(([name, value]) => [name, `${value}\ud800`]),
    ),
    form('no fields', []),
    { label: 'a truncated form', ...multipartPayload(base), payload: multipartPayload(base, 'cut').payload.subarray(0, 40) },
    {
      label: 'a boundary that never comes',
      headers: { 'content-type': 'multipart/form-data; boundary=elsewhere' },
      payload: 'no parts here',
    },
    { label: 'JSON instead of a form', headers: jsonHeaders, payload: JSON.stringify(Object.fromEntries(base)) },
    { label: 'an empty body', headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: '' },
  ]
  for (const [name] of base) {
    for (let round = 0; round < 3; round += 1) {
      const wrong = String(random.pick(wrongValues))
      variants.push(
        form(
          `${name} as ${wrong.slice(0, 30)}`,
          base.map(([field, value]) => [field, field === name ? wrong : value]),
        ),
      )
    }
  }
  return variants
}

const callers: readonly Caller[] = ['owner', 'owner', 'owner', 'stranger', 'none', 'garbage']

const unsignedToken = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"user_id":"x","token_type":"access","exp":9999999999}').toString('base64url')}.`
const headerVariants: readonly [string, Record<string, string>][] = [
  ['a 10 KB bearer token', { authorization: `Bearer ${'a'.repeat(10_000)}` }],
  ['an unsigned token', { authorization: `Bearer ${unsignedToken}` }],
  ['a Basic authorization', { authorization: 'Basic YWRtaW46YWRtaW4=' }],
  ['a gzip encoding that is not gzip', { 'content-encoding': 'gzip' }],
  ['a charset of another kind', { 'content-type': 'application/json; charset=latin1' }],
  ['a content type with odd parameters', { 'content-type': 'application/json; boundary=; charset=' }],
  ['an Accept for HTML only', { accept: 'text/html' }],
  ['forwarded-for garbage', { 'x-forwarded-for': "'; DROP TABLE sellers; --, ::ffff:999.1.1.1" }],
  ['a Host of a custom domain nobody proved', { host: 'shop.unproven.example' }],
  ['the pages origin', { host: 'pages.funnelry.test' }],
  ['an If-None-Match of garbage', { 'if-none-match': '"\u0000", W/"x' }],
]

/** Every malformed request for one operation of the document. */
export function fuzzRequests(
  route: string,
  method: string,
  operation: DocumentOperation,
  random: Random,
  fill: (name: string) => string,
): FuzzRequest[] {
  const pathParameters = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path')
  const queryParameters = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query')
  const urlWith = (path: Record<string, string>, query: string) =>
    `${route.replace(/\{(\w+)\}/g, (_match, name: string) => path[name] ?? fill(name))}/${query ? `?${query}` : ''}`
  const plausibleQuery = queryParameters
    .map((parameter) => `${parameter.name}=${encodeURIComponent(String(plausibleValue(parameter.schema, random)))}`)
    .join('&')
  const caller = () => random.pick(callers)
  const requests: FuzzRequest[] = []
  const add = (label: string, url: string, body: { headers: Record<string, string>; payload?: string | Buffer } = { headers: {} }) =>
    requests.push({
      label,
      method: method.toUpperCase(),
      url,
      caller: caller(),
      headers: body.headers,
      ...(body.payload === undefined ? {} : { payload: body.payload }),
    })

  const content = operation.requestBody?.content ?? {}
  const bodies =
    'application/json' in content
      ? jsonBodyVariants(content['application/json']?.schema, random)
      : 'multipart/form-data' in content
        ? multipartVariants(content['multipart/form-data']?.schema, random)
        : [
            { label: 'no body', headers: {} },
            { label: 'an unexpected JSON body', headers: jsonHeaders, payload: '{"a": 1}' },
          ]
  for (const body of bodies) add(body.label, urlWith({}, plausibleQuery), body)

  for (const parameter of pathParameters) {
    for (const value of pathValues)
      add(`path ${parameter.name}=${value.slice(0, 20)}`, urlWith({ [parameter.name]: value }, plausibleQuery), random.pick(bodies))
  }
  for (const parameter of queryParameters) {
    for (let round = 0; round < 6; round += 1) {
      const value = random.pick(queryValues)
      add(
        `query ${parameter.name}=${value.slice(0, 20)}`,
        urlWith({}, `${plausibleQuery}&${parameter.name}=${value}`.replace(/^&/, '')),
        random.pick(bodies),
      )
    }
  }
  // Headers sent wrong, each with one of the bodies above.
  for (const [label, headers] of headerVariants) {
    const body = random.pick(bodies)
    add(label, urlWith({}, plausibleQuery), {
      headers: { ...body.headers, ...headers },
      ...(body.payload === undefined ? {} : { payload: body.payload }),
    })
  }
  add('an unknown query parameter', urlWith({}, `${plausibleQuery}&debug=1`.replace(/^&/, '')), random.pick(bodies))
  add('a query that is not one', urlWith({}, '&&=&%%&a[b][c]=1&=x'), random.pick(bodies))
  return requests
}
