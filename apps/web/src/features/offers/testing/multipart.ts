import { HttpResponse } from 'msw'
import type { z } from 'zod'
import { type ApiErrorBody, type ApiResolver, apiHandler, server } from '../../../testing/msw'

/** What a multipart field arrived as: its text, or a file's name, type and size. */
export type SentField = string | { name: string; type: string; size: number }
export type SentForm = Record<string, SentField>

/**
 * The fields of a multipart body as a server reads them, empty ones included. Read here rather
 * than by `request.formData()`: under happy-dom that is happy-dom's, which leaves out every empty
 * part (an optional text sent as ""), where a server keeps it.
 */
async function readForm(request: Request): Promise<SentForm> {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/.exec(request.headers.get('content-type') ?? '')
  if (!boundary) throw new Error(`not a multipart body: ${request.headers.get('content-type')}`)
  // One character per byte, so a file's size is its length; texts are decoded as UTF-8 below.
  const body = Array.from(new Uint8Array(await request.arrayBuffer()), (byte) => String.fromCharCode(byte)).join('')
  const utf8 = (bytes: string) => new TextDecoder().decode(Uint8Array.from(bytes, (char) => char.charCodeAt(0)))
  const sent: SentForm = {}
  // Each part sits between "--boundary" lines: "\r\n", its headers, a blank line, its content, "\r\n".
  for (const part of body.split(`--${boundary[1] ?? boundary[2]}`).slice(1, -1)) {
    const headersEnd = part.indexOf('\r\n\r\n')
    const headers = part.slice(2, headersEnd)
    const content = part.slice(headersEnd + 4, -2)
    const name = /;\s*name="([^"]*)"/.exec(headers)?.[1]
    if (name === undefined) throw new Error(`a multipart part without a name: ${headers}`)
    const filename = /;\s*filename="([^"]*)"/.exec(headers)?.[1]
    const type = /^content-type:\s*(.*)$/im.exec(headers)?.[1]?.trim() ?? ''
    sent[utf8(name)] = filename === undefined ? utf8(content) : { name: utf8(filename), type, size: content.length }
  }
  return sent
}

type Method = 'post' | 'put'

/** Answers `method path` with `respond` (typed by the endpoint's schema) and records each multipart body it receives. */
export function mockMultipart<S extends z.ZodType>(
  method: Method,
  path: string,
  schema: S,
  respond: (sent: SentForm) => ReturnType<ApiResolver<S>>,
) {
  const bodies: SentForm[] = []
  server.use(
    apiHandler(method, path, schema, async ({ request }) => {
      const sent = await readForm(request)
      bodies.push(sent)
      return await respond(sent)
    }),
  )
  return bodies
}

/** A PNG file of the given size as the browser hands it over (contents are not looked at by the web app). */
export function pngFile(name = 'photo.png', size = 64): File {
  return new File([new Uint8Array(size)], name, { type: 'image/png' })
}

export const fieldErrors = (errors: Record<string, string[]>) => HttpResponse.json<ApiErrorBody>(errors, { status: 400 })
