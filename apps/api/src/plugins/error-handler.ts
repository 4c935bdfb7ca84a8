import type { FieldErrors } from '@funnelry/shared'
import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { databaseUnavailableDetail, isDatabaseUnavailable } from '../db/unavailable.js'
import { AppError, ConflictError, OtpRequiredError, PaymentError, TooManyRequestsError, ValidationError } from '../lib/errors.js'

/** Fastify's own 4xx codes, worded so that a person knows what to change. */
const frameworkMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted here; send JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body.',
  FST_REQ_FILE_TOO_LARGE: 'The file is too large.',
  FST_FILES_LIMIT: 'Too many files; send one file per field.',
  FST_PARTS_LIMIT: 'The form has too many parts.',
  FST_FIELDS_LIMIT: 'The form has too many fields.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Send this form as multipart/form-data.',
}

/**
 * PostgreSQL refuses some text outright (the NUL character, `\u0000`, above all): that is bad input
 * that passed validation, not a fault of ours, so it answers 400 on every route.
 */
const unstorableTextCodes = new Set(['22021', '22P05'])

function postgresErrorCode(error: unknown): string | undefined {
  // drizzle wraps the driver's error in `cause`.
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code } = current as Error & { code?: unknown }
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
  }
  return undefined
}

/** Zod issues become `{ field: [messages] }`; nested fields are keyed with dots (`webhook_keys.email`). */
export function zodIssuesToFieldErrors(
  issues: { instancePath?: string; message?: string; keyword?: string; params?: Record<string, unknown> }[],
): FieldErrors {
  const fields: FieldErrors = {}
  const add = (key: string, message: string) => {
    fields[key] = [...(fields[key] ?? []), message]
  }
  for (const issue of issues) {
    const key = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.')
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params?.keys)) {
      for (const unknown of issue.params.keys) {
        // `?=1` or `{"": 1}`: a field with no name cannot be keyed by it.
        if (unknown === '') add('non_field_errors', 'A field or parameter with no name is not accepted here.')
        else add(key ? `${key}.${unknown}` : String(unknown), 'This field is not accepted here.')
      }
      continue
    }
    add(key || 'non_field_errors', issue.message ?? 'This value is not valid.')
  }
  return fields
}

/**
 * The one sentence of a 400 with field errors (issue 23: every error body has `detail`): the first
 * problem of the request as a whole, else the first field's first message, named.
 */
export function fieldErrorsDetail(fields: FieldErrors): string {
  const [nonField] = fields.non_field_errors ?? []
  if (nonField) return nonField
  const [field, [message = 'This value is not valid.'] = []] = Object.entries(fields)[0] ?? ['request', []]
  return `${field}: ${message}`
}

/** `{detail, ...fields}`: the spec's field errors keyed by field, in the one error envelope. */
export const withDetail = (fields: FieldErrors) => ({ detail: fieldErrorsDetail(fields), ...fields })

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) return reply.code(400).send(withDetail(zodIssuesToFieldErrors(error.validation)))
    if (error instanceof ValidationError) return reply.code(400).send(withDetail(error.fields))
    // Payment calls answer `error` (spec section 8); `detail` carries the same sentence.
    if (error instanceof PaymentError) return reply.code(error.statusCode).send({ detail: error.message, error: error.message })
    if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds))
    if (error instanceof OtpRequiredError) return reply.code(401).send({ detail: error.message, otp_required: true })
    if (error instanceof ConflictError) return reply.code(409).send({ detail: error.message, ...error.extra })
    if (error instanceof AppError) return reply.code(error.statusCode).send({ detail: error.message })

    if (unstorableTextCodes.has(postgresErrorCode(error) ?? '')) {
      return reply
        .code(400)
        .send({ detail: 'The request contains a character that cannot be stored (a NUL character). Remove it and try again.' })
    }

    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable')
      return reply.code(503).header('retry-after', '5').send({ detail: databaseUnavailableDetail })
    }

    const status = error.statusCode ?? 500
    if (status === 429) return reply.code(429).send({ detail: error.message })
    if (status >= 400 && status < 500) {
      const detail = (error.code && frameworkMessages[error.code]) || error.message
      return reply.code(status).send({ detail })
    }
    request.log.error({ err: error }, 'unhandled error')
    return reply.code(500).send({ detail: 'Something went wrong on our side. Please try again in a moment.' })
  })
}
