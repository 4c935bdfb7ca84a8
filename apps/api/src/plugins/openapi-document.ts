import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger'
import { detailErrorSchema, fieldErrorBodySchema } from '@funnelry/shared'
import type { FastifyInstance, RouteOptions } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import type { OpenAPIV3_1 } from 'openapi-types'
import { z } from 'zod'
import { signInOf } from '../http/sign-in.js'

/**
 * The OpenAPI document is what integrators' tools read (generators, validators, Redocly's lint),
 * so it follows OpenAPI 3.1 as they expect (issue 23): bearer auth declared where a route needs
 * it, every error body an operation can answer, 204s without a body, one operationId each.
 * Everything is derived from the routes themselves, so a route added later is described the same
 * way without a word about it here.
 */

export const bearerScheme = 'bearerAuth'
const noContentStatuses = new Set(['204', '205', '304'])
const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const

/**
 * The document's path for a route: `{id}` for `:id`, and no trailing slash (Redocly's
 * `no-path-trailing-slash`). The server answers both spellings (`ignoreTrailingSlash`), and the
 * product's own browser code keeps the spec's trailing slashes.
 */
export const documentPathOf = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1')

/** `getFreeProductById`: the method and the path's words, for generated clients' method names. */
export function operationIdOf(method: string, documentPath: string): string {
  const words = documentPath
    .replace(/^\/api\/v1\//, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const parameter = /^\{(\w+)\}$/.exec(segment)?.[1]
      return parameter ? ['by', ...parameter.split('_')] : segment.split(/[-_]/)
    })
  return [method.toLowerCase(), ...words.map((word) => word.charAt(0).toUpperCase() + word.slice(1))].join('')
}

/** The route's schema as zod's transform makes it, plus who may call it and its operationId. */
export function describeRoute(app: FastifyInstance): SwaggerTransform {
  return (input) => {
    const { schema, url } = jsonSchemaTransform(input)
    if (schema.hide) return { schema, url }
    const path = documentPathOf(url)
    const method = Array.isArray(input.route.method) ? (input.route.method[0] ?? 'get') : input.route.method
    return { schema: { ...schema, operationId: operationIdOf(method, path), security: securityOf(app, input.route) }, url: path }
  }
}

function securityOf(app: FastifyInstance, route: RouteOptions): OpenAPIV3_1.SecurityRequirementObject[] {
  const signIn = signInOf(app, route)
  if (signIn === 'required') return [{ [bearerScheme]: [] }]
  // A public read that also recognises its owner: anonymous, or a valid token.
  if (signIn === 'optional') return [{}, { [bearerScheme]: [] }]
  return []
}

/** zod's JSON Schema (2020-12, the dialect of OpenAPI 3.1), whose `type` openapi-types spells more narrowly. */
const jsonSchemaOf = (schema: z.ZodType): OpenAPIV3_1.SchemaObject => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output' })
  return rest as OpenAPIV3_1.SchemaObject
}

const jsonBody = (schemaName: string) => ({ 'application/json': { schema: { $ref: `#/components/schemas/${schemaName}` } } })

/** How a signed-in call proves it; in the document's components from the start (routes refer to it). */
export const securitySchemes = {
  [bearerScheme]: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'The `access` token of POST /api/v1/authentication/token (15 minutes; POST /api/v1/authentication/token/refresh gives a new one). It ends within 2 seconds when its log-in ends.',
  },
} satisfies Record<string, OpenAPIV3_1.SecuritySchemeObject>

/** The error answers every operation shares, referenced from each operation that can give them. */
const errorComponents = {
  schemas: { Error: jsonSchemaOf(detailErrorSchema), ValidationError: jsonSchemaOf(fieldErrorBodySchema) },
  responses: {
    BadRequest: {
      description:
        'The request was refused as sent: a field is missing or not valid, an unknown field or query parameter, a body that is not JSON or is nested too deeply, or a malformed request (e.g. zero or two Host headers).',
      content: jsonBody('ValidationError'),
    },
    Unauthorized: {
      description: 'No bearer access token, or one that expired or whose log-in ended: refresh it, or log in again.',
      content: jsonBody('Error'),
    },
    NotFound: { description: 'Nothing is there for this caller (another seller’s data answers the same).', content: jsonBody('Error') },
    Error: {
      description:
        'Any other error, each with a `detail`: 405 another method, 409 a conflict, 413 a body too large, 415 a body not JSON or multipart, 429 too many requests (with Retry-After), 500, 503 the database briefly unavailable (with Retry-After).',
      content: jsonBody('Error'),
    },
  },
} satisfies OpenAPIV3_1.ComponentsObject

const reference = (name: keyof typeof errorComponents.responses) => ({ $ref: `#/components/responses/${name}` })

function completeOperation(operation: OpenAPIV3_1.OperationObject): void {
  const responses: OpenAPIV3_1.ResponsesObject = { ...operation.responses }
  for (const [status, response] of Object.entries(responses)) {
    if (!('$ref' in response) && noContentStatuses.has(status)) {
      const { content: _none, ...rest } = response
      responses[status] = { ...rest, description: 'No content' }
    }
  }
  const signedIn = (operation.security ?? []).some((requirement) => bearerScheme in requirement)
  responses['400'] ??= reference('BadRequest')
  if (signedIn) responses['401'] ??= reference('Unauthorized')
  responses['404'] ??= reference('NotFound')
  responses.default ??= reference('Error')
  operation.responses = responses
}

/** The whole document: the shared error answers and security scheme, added to every operation. */
export const completeDocument: SwaggerTransformObject = (documentObject) => {
  if (!('openapiObject' in documentObject)) throw new Error('the API is described with OpenAPI 3')
  const document = documentObject.openapiObject as Partial<OpenAPIV3_1.Document>
  for (const pathItem of Object.values(document.paths ?? {})) {
    for (const method of methods) {
      const operation = pathItem?.[method]
      if (operation) completeOperation(operation)
    }
  }
  const components = document.components ?? {}
  document.components = {
    ...components,
    schemas: { ...components.schemas, ...errorComponents.schemas },
    responses: { ...components.responses, ...errorComponents.responses },
  }
  return document
}
