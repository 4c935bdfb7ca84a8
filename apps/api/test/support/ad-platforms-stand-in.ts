import { randomBytes } from 'node:crypto'
import http from 'node:http'
import { freePort } from '../free-port.js'

/** One request the stand-in received, with its query and JSON body. */
export type PlatformRequest = {
  platform: 'meta' | 'google'
  path: string
  query: URLSearchParams
  headers: http.IncomingHttpHeaders
  body: Record<string, unknown>
  receivedAt: number
}

export type StandInAnswer = { status: number; body?: unknown }
/** Overrides an answer (a 5xx phase, a refused token); undefined answers as the platform would. */
export type Respond = (request: PlatformRequest) => StandInAnswer | undefined

const traceId = () => randomBytes(8).toString('base64url')

/**
 * Meta's Graph API (`POST /v<version>/<pixel id>/events?access_token=…`) and GA4's Measurement
 * Protocol (`POST /mp/collect`, `POST /debug/mp/collect`) on one local HTTP server, answering as
 * the platforms document: Meta `{events_received, messages, fbtrace_id}` or, for a token it does
 * not know, 400 `{error: {message, type: 'OAuthException', code: 190, fbtrace_id}}`; GA4 204, and
 * its validation endpoint `{validationMessages: []}`. Every request is recorded.
 */
export async function startAdPlatformsStandIn(options: { metaTokens?: string[]; respond?: Respond } = {}) {
  const requests: PlatformRequest[] = []
  let respond = options.respond
  const metaTokens = new Set(options.metaTokens ?? ['meta-test-token'])

  const platformAnswer = (request: PlatformRequest): StandInAnswer => {
    if (request.platform === 'meta') {
      if (!/^\/v\d+\.\d+\/\d{15,16}\/events$/.test(request.path)) {
        return {
          status: 400,
          body: { error: { message: 'Unknown path components', type: 'OAuthException', code: 2500, fbtrace_id: traceId() } },
        }
      }
      if (!metaTokens.has(request.query.get('access_token') ?? '')) {
        const error = {
          message: 'Invalid OAuth access token - Cannot parse access token',
          type: 'OAuthException',
          code: 190,
          fbtrace_id: traceId(),
        }
        return { status: 400, body: { error } }
      }
      const data = Array.isArray(request.body.data) ? request.body.data : []
      return { status: 200, body: { events_received: data.length, messages: [], fbtrace_id: traceId() } }
    }
    if (request.path === '/debug/mp/collect') {
      const validationMessages = /^G-[A-Z0-9]+$/.test(request.query.get('measurement_id') ?? '')
        ? []
        : [{ fieldPath: 'measurement_id', description: 'Measurement ID is not valid.', validationCode: 'VALUE_INVALID' }]
      return { status: 200, body: { validationMessages } }
    }
    return { status: 204 }
  }

  const server = http.createServer((incoming, response) => {
    let raw = ''
    incoming.on('data', (chunk) => {
      raw += chunk
    })
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://stand-in')
      let body: Record<string, unknown> = {}
      try {
        body = JSON.parse(raw) as Record<string, unknown>
      } catch {
        body = {}
      }
      const request: PlatformRequest = {
        platform: url.pathname.includes('/mp/collect') ? 'google' : 'meta',
        path: url.pathname,
        query: url.searchParams,
        headers: incoming.headers,
        body,
        receivedAt: Date.now(),
      }
      requests.push(request)
      const answer = respond?.(request) ?? platformAnswer(request)
      const text = answer.body === undefined ? '' : JSON.stringify(answer.body)
      response.writeHead(answer.status, text ? { 'content-type': 'application/json' } : {}).end(text)
    })
  })
  const port = await freePort()
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${port}`
  return {
    /** Both platforms' base URL: META_GRAPH_URL and GA4_MP_URL. */
    url,
    env: { META_GRAPH_URL: url, GA4_MP_URL: url },
    requests,
    /** Changes how it answers from now on (undefined: as the platform would). */
    answerWith(next: Respond | undefined) {
      respond = next
    },
    /** The requests of one platform to its collection endpoint (not the validation one). */
    received: (platform: 'meta' | 'google') =>
      requests.filter((request) => request.platform === platform && request.path !== '/debug/mp/collect'),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
export type AdPlatformsStandIn = Awaited<ReturnType<typeof startAdPlatformsStandIn>>
