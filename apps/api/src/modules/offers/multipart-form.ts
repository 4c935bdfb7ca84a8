import type { Readable } from 'node:stream'
import type { MultipartFile, MultipartValue } from '@fastify/multipart'
import type { FieldErrors } from '@funnelry/shared'
import type { FastifyRequest } from 'fastify'
import { AppError, ValidationError } from '../../lib/errors.js'

/** Limits of one offer form: a handful of text fields and at most two images. */
export const offerFormLimits = { fields: 20, files: 4, parts: 30, fieldSize: 64 * 1024 }

export type FormValue = string | File

const units = ['bytes', 'KB', 'MB', 'GB']
export function formatBytes(bytes: number): string {
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit += 1
  }
  return `${Number(value.toFixed(2))} ${units[unit]}`
}

export const fileTooLarge = (maxBytes: number) => `The file is larger than ${formatBytes(maxBytes)}. Upload a smaller image.`

async function readUpTo(stream: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of stream) {
    const buffer = chunk as Buffer
    size += buffer.length
    // Past the limit the stream is truncated by the parser anyway; stop keeping bytes.
    if (size <= maxBytes) chunks.push(buffer)
  }
  return Buffer.concat(chunks)
}

/**
 * Reads a multipart form into one object for the route's schema: text parts as strings, file
 * parts as `File`. Files are read only for `fileFields`; a file over `maxFileBytes` is a 400 on
 * its own field (not a 413 for the request). A browser's empty file input (no name, no bytes)
 * means "no new file", so the field is left out and the stored image is kept.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  { fileFields, maxFileBytes }: { fileFields: readonly string[]; maxFileBytes: number },
): Promise<Record<string, FormValue>> {
  const form: Record<string, FormValue> = {}
  const errors: FieldErrors = {}
  const fail = (field: string, message: string) => {
    errors[field] = [message]
  }
  // The plugin is registered with throwFileSizeLimit: false (offer-routes.ts): we check `truncated`.
  const parts = request.parts({ limits: { ...offerFormLimits, fileSize: maxFileBytes } })
  try {
    for await (const part of parts) {
      const field = part.fieldname
      if (field in form || field in errors) {
        if (part.type === 'file') part.file.resume()
        fail(field, 'Send this field once.')
        continue
      }
      if (part.type === 'file') await readFilePart(part)
      else readTextPart(part)
    }
  } catch (error) {
    // The plugin's own errors carry a status (limits: 413); the parser's do not: a broken body is the client's.
    if (error instanceof Error && 'statusCode' in error) throw error
    throw new AppError(400, 'The form could not be read. Send it as multipart/form-data.')
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors)
  return form

  async function readFilePart(part: MultipartFile) {
    const field = part.fieldname
    if (!fileFields.includes(field)) {
      part.file.resume()
      return fail(field, 'Send this field as text, not as a file.')
    }
    const bytes = await readUpTo(part.file, maxFileBytes)
    if (part.file.truncated) return fail(field, fileTooLarge(maxFileBytes))
    if (bytes.length === 0 && !part.filename) return
    form[field] = new File([bytes], part.filename)
  }

  function readTextPart(part: MultipartValue) {
    if (part.valueTruncated) return fail(part.fieldname, 'This value is too long.')
    form[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value)
  }
}

/**
 * A route's preValidation hook: a multipart body becomes the plain object its (shared) schema
 * validates next. A JSON body is left as Fastify parsed it.
 */
export const formBody =
  (options: { fileFields: readonly string[]; maxFileBytes: number }) =>
  async (request: FastifyRequest): Promise<void> => {
    if (request.isMultipart()) request.body = await readMultipartForm(request, options)
  }
