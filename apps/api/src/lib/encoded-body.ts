import { createHash } from 'node:crypto'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { type RecordedAnswers, recordAnswer } from './replayed-answers.js'

type Encoding = 'br' | 'gzip' | 'identity'

/**
 * A response body prepared once and sent many times: its bytes, its gzip and brotli variants (each
 * compressed on first use, then kept) and an ETag, so a cached public read costs no serializing,
 * no compressing and, for a browser that has it, no body at all (304).
 */
export type EncodedBody = {
  readonly etag: string
  readonly contentType: string
  bytes(encoding: Encoding): Buffer
  /** What the full request path answered with these bytes, replayed for the same request (decision 0015). */
  readonly answers: RecordedAnswers
}

export function encodeBody(text: string, contentType: string): EncodedBody {
  const identity = Buffer.from(text)
  // Weak: the gzip and brotli bytes differ but mean the same thing.
  const etag = `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`
  const variants: Partial<Record<Encoding, Buffer>> = { identity }
  const compress: Record<Exclude<Encoding, 'identity'>, () => Buffer> = {
    gzip: () => gzipSync(identity, { level: 9 }),
    br: () => brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  }
  return {
    etag,
    contentType,
    answers: new Map(),
    bytes(encoding) {
      let bytes = variants[encoding]
      if (!bytes) {
        bytes = compress[encoding as Exclude<Encoding, 'identity'>]()
        variants[encoding] = bytes
      }
      return bytes
    },
  }
}

/** The best encoding the client accepts (br, then gzip); `q=0` refuses one. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity'
  const accepted = new Set<string>()
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const refused = params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param))
    if (!refused) accepted.add(name.trim())
  }
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip'
  return 'identity'
}

/**
 * Sends a prepared body: 304 when the client's copy is current, else the best encoding it takes.
 * `replayable`: the same request may be answered again with these very headers and bytes while the
 * body is cached (a public read on a site whose host alone decides what it may see).
 */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: EncodedBody, { replayable = false } = {}) {
  reply.header('etag', body.etag).header('vary', 'accept-encoding').type(body.contentType)
  const ifNoneMatch = request.headers['if-none-match']
  if (ifNoneMatch?.split(',').some((tag) => tag.trim() === body.etag)) return reply.code(304).send()
  const encoding = chooseEncoding(request.headers['accept-encoding'])
  if (encoding !== 'identity') reply.header('content-encoding', encoding)
  const bytes = body.bytes(encoding)
  // Every header is set by now (security headers at onRequest, and no onSend hook adds one).
  if (replayable && reply.statusCode === 200) recordAnswer(body.answers, request.raw, reply.getHeaders(), bytes)
  return reply.send(bytes)
}
