import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'

/** A complete 200 answer as the full request path wrote it: every header and the body's bytes. */
export type RecordedAnswer = { headers: OutgoingHttpHeaders; bytes: Buffer }

/**
 * The answers given for one prepared body (lib/encoded-body.ts), by what in a request can change
 * them: the host (which site, decision D23), the forwarded host behind a proxy, the exact URL and
 * the accepted encodings. A request that brings anything else that matters (credentials, a
 * validator, another method) has no key and always takes the full path.
 */
export type RecordedAnswers = Map<string, RecordedAnswer>

/** Few distinct browsers' Accept-Encoding values and hosts per body; beyond that, the full path. */
const maxAnswersPerBody = 16

export function answerKey(request: IncomingMessage): string | undefined {
  const { headers } = request
  if (request.method !== 'GET' || headers.authorization || headers['if-none-match'] || headers['if-modified-since']) return undefined
  return `${headers.host ?? ''}\n${headers['x-forwarded-host'] ?? ''}\n${request.url ?? ''}\n${headers['accept-encoding'] ?? ''}`
}

type Headers = Record<string, string | number | string[] | undefined>

export function recordAnswer(answers: RecordedAnswers, request: IncomingMessage, headers: Headers, bytes: Buffer) {
  const key = answerKey(request)
  if (key === undefined || answers.has(key) || answers.size >= maxAnswersPerBody) return
  answers.set(key, { headers: { ...(headers as OutgoingHttpHeaders), 'content-length': bytes.length }, bytes })
}

/** Writes a recorded answer as Fastify would have: status, the same headers, the same bytes. */
export function writeAnswer(response: ServerResponse, answer: RecordedAnswer) {
  response.writeHead(200, answer.headers)
  response.end(answer.bytes)
}
