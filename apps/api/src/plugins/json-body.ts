import type { FastifyInstance } from 'fastify'
import { AppError } from '../lib/errors.js'

/**
 * The deepest nesting of objects and arrays a JSON body may have. The product's own bodies nest
 * two levels (`webhook_keys`); 32 leaves room for any integrator while keeping every recursive walk
 * after parsing (the storable-text check, zod) far from the stack's limit (issue 23: 4,000 levels
 * answered 500, "Maximum call stack size exceeded").
 */
export const maxJsonDepth = 32

export const jsonTooDeepMessage = `The JSON body is nested too deeply: at most ${maxJsonDepth} levels of objects and arrays are accepted.`

const openBrace = 0x7b
const openBracket = 0x5b
const closeBrace = 0x7d
const closeBracket = 0x5d
const quote = 0x22
const backslash = 0x5c

/**
 * Whether `text` opens more than `max` objects or arrays inside one another, read as JSON text in
 * one pass without parsing or recursion (brackets inside strings do not count). Text that is not
 * JSON is left to the parser, which refuses it on its own.
 */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0
  let inString = false
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index)
    if (inString) {
      if (code === backslash) index += 1
      else if (code === quote) inString = false
    } else if (code === quote) inString = true
    else if (code === openBrace || code === openBracket) {
      depth += 1
      if (depth > max) return true
    } else if (code === closeBrace || code === closeBracket) depth -= 1
  }
  return false
}

/**
 * JSON bodies are parsed as Fastify does by default (prototype poisoning refused), after the depth
 * check above: a body nested too deeply is a 400 naming the limit before anything walks it.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body)
    if (jsonNestsDeeperThan(text, maxJsonDepth)) {
      done(new AppError(400, jsonTooDeepMessage), undefined)
      return
    }
    parseJson(request, text, done)
  })
}
