import type { FastifySchemaCompiler } from 'fastify'
import { validatorCompiler } from 'fastify-type-provider-zod'
import { z } from 'zod'

/**
 * Text PostgreSQL cannot store (issue 9, item 7): the NUL character, which `text` refuses, and a
 * lone UTF-16 surrogate (half of a pair), which `jsonb` refuses and the driver would otherwise turn
 * into U+FFFD in a `text` column. Both arrive through JSON (`"\ud800"`, `"\u0000"`), query strings
 * and multipart fields; no person types them, so they are refused rather than silently changed.
 */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/
const unstorable = { test: (text: string) => text.includes('\u0000') || loneSurrogate.test(text) }

export const unstorableTextMessage =
  'This text contains a character that cannot be stored (a NUL or a broken emoji). Remove it and try again.'

/** Every path in `value` (object keys, array indexes) whose text cannot be stored. */
export function unstorableTextPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return unstorable.test(value) ? [path] : []
  if (Array.isArray(value)) return value.flatMap((item, index) => unstorableTextPaths(item, [...path, index]))
  if (value !== null && typeof value === 'object' && !(value instanceof Blob)) {
    return Object.entries(value).flatMap(([key, item]) =>
      // A key that cannot be stored is reported as a request-level problem; its name cannot be echoed.
      unstorable.test(key) ? [['non_field_errors']] : unstorableTextPaths(item, [...path, key]),
    )
  }
  return []
}

/** Reports each unstorable text as a zod issue on its field, so the usual handler answers 400. */
const storableText = z.unknown().superRefine((value, ctx) => {
  for (const path of unstorableTextPaths(value)) ctx.addIssue({ code: 'custom', path, message: unstorableTextMessage })
})

/**
 * The one place every text of every call is checked: the validator of every route schema (JSON
 * bodies, multipart forms once read into fields, query strings, path parameters) runs this check
 * beside the route's own zod schema. Problems of both kinds are reported together, keyed by field,
 * so unstorable text is a 400 on its field everywhere and never reaches the database.
 */
export const storableTextValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validateSchema = validatorCompiler(route)
  const validateText = validatorCompiler({ ...route, schema: storableText })
  return (data) => {
    const schema = validateSchema(data)
    const text = validateText(data)
    // Both compilers are the zod provider's: synchronous, answering `{ value }` or `{ error: issues[] }`.
    const textIssues = typeof text === 'object' && 'error' in text && Array.isArray(text.error) ? text.error : []
    if (textIssues.length === 0) return schema
    const schemaIssues = typeof schema === 'object' && 'error' in schema && Array.isArray(schema.error) ? schema.error : []
    return { error: [...textIssues, ...schemaIssues] }
  }
}
