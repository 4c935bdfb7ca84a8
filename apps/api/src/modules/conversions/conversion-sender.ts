import { STATUS_CODES } from 'node:http'
import { type ConversionPlatform, conversionPlatformLabels } from '@funnelry/shared'
import { metaGraphVersion } from './conversion-payloads.js'
import { postForAnswer } from './platform-http.js'

export const conversionTimeoutMs = 10_000

/** Where the events go: the platforms' base URLs (config META_GRAPH_URL, GA4_MP_URL). */
export type PlatformUrls = { metaGraphUrl: string; ga4Url: string }

/** What one send needs besides the body: the platform's ids and secret, from the seller's settings. */
export type PlatformTarget =
  | { platform: 'meta'; pixelId: string; accessToken: string }
  | { platform: 'google'; measurementId: string; apiSecret: string }

/** The outcome of one send, as the log keeps it. */
export type SendOutcome = {
  sent: boolean
  /** Worth trying again: a timeout, a network failure or a 5xx (never a 4xx: D30). */
  retryable: boolean
  statusCode: number | null
  eventsReceived: number | null
  fbtraceId: string | null
  /** Why it did not go through, in plain words with the platform's own message; null when sent. */
  reason: string | null
}

export function targetUrl(urls: PlatformUrls, target: PlatformTarget, mode: 'collect' | 'validate' = 'collect'): string {
  if (target.platform === 'meta') {
    const query = new URLSearchParams({ access_token: target.accessToken })
    return `${urls.metaGraphUrl}/${metaGraphVersion}/${encodeURIComponent(target.pixelId)}/events?${query}`
  }
  const query = new URLSearchParams({ measurement_id: target.measurementId, api_secret: target.apiSecret })
  return `${urls.ga4Url}/${mode === 'validate' ? 'debug/mp/collect' : 'mp/collect'}?${query}`
}

type Answer = { status: number; json: unknown }

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}

/** Meta's error body: `{error: {message, type, code, fbtrace_id}}`. */
function metaError(json: unknown) {
  const error = record(record(json).error)
  return {
    message: typeof error.message === 'string' ? error.message : null,
    code: typeof error.code === 'number' ? error.code : null,
    fbtraceId: typeof error.fbtrace_id === 'string' ? error.fbtrace_id : null,
  }
}

/** GA4's validation answer: `{validationMessages: [{description, fieldPath, validationCode}]}`. */
export function ga4ValidationProblems(json: unknown): string[] {
  const messages = record(json).validationMessages
  if (!Array.isArray(messages)) return []
  return messages.map((message) => {
    const { description, fieldPath } = record(message)
    return `${typeof description === 'string' ? description : 'invalid event'}${typeof fieldPath === 'string' && fieldPath ? ` (${fieldPath})` : ''}`
  })
}

/** Reads the platform's answer into the outcome the log and "Send test event" show. */
export function interpretAnswer(platform: ConversionPlatform, answer: Answer): SendOutcome {
  const label = conversionPlatformLabels[platform]
  const { status, json } = answer
  const base = { statusCode: status, eventsReceived: null, fbtraceId: null }
  if (status >= 200 && status < 300) {
    if (platform === 'meta') {
      const body = record(json)
      const received = typeof body.events_received === 'number' ? body.events_received : null
      const trace = typeof body.fbtrace_id === 'string' ? body.fbtrace_id : null
      return { ...base, sent: true, retryable: false, eventsReceived: received, fbtraceId: trace, reason: null }
    }
    const problems = ga4ValidationProblems(json)
    if (problems.length > 0)
      return { ...base, sent: false, retryable: false, reason: `Google found a problem with the event: ${problems.join('; ')}.` }
    return { ...base, sent: true, retryable: false, reason: null }
  }
  const phrase = STATUS_CODES[status] ?? ''
  if (status >= 500) {
    return {
      ...base,
      sent: false,
      retryable: true,
      reason: `${label} had a problem on its side (it answered ${status} ${phrase}).`.replace(' )', ')'),
    }
  }
  if (platform === 'meta') {
    const error = metaError(json)
    const detail = error.message ? ` Meta said: "${error.message}"` : ''
    const what =
      error.code === 190 || status === 401
        ? 'Meta refused the access token (it is wrong, expired or was revoked): create a new one in Events Manager and save it.'
        : error.code === 803 || error.code === 100
          ? 'Meta refused the event: check that the pixel ID is right and that the access token belongs to it.'
          : `Meta refused the event (it answered ${status} ${phrase}).`
    return { ...base, fbtraceId: error.fbtraceId, sent: false, retryable: false, reason: `${what}${detail}` }
  }
  return {
    ...base,
    sent: false,
    retryable: false,
    reason:
      status === 401 || status === 403
        ? 'Google refused the API secret or the measurement ID: check both under Admin → Data streams.'
        : `Google refused the event (it answered ${status} ${phrase}).`,
  }
}

/** A send that got no answer: the network or the deadline, in plain words. */
export function failedSend(platform: ConversionPlatform, error: unknown): SendOutcome {
  const label = conversionPlatformLabels[platform]
  const detail = error instanceof Error ? `${error.name} ${error.message} ${String(record(error).cause ?? '')}` : String(error)
  const reason = /TimeoutError|aborted/i.test(detail)
    ? `${label} did not answer within ${conversionTimeoutMs / 1000} seconds.`
    : /ENOTFOUND|EAI_AGAIN/.test(detail)
      ? `${label}'s address could not be found (the server's DNS failed).`
      : `${label} could not be reached (${/E[A-Z]+/.exec(detail)?.[0] ?? 'network error'}).`
  return { sent: false, retryable: true, statusCode: null, eventsReceived: null, fbtraceId: null, reason }
}

/** Posts one event body; every failure becomes an outcome, never an exception. */
export async function sendToPlatform(urls: PlatformUrls, target: PlatformTarget, body: unknown, mode: 'collect' | 'validate' = 'collect') {
  try {
    const response = await postForAnswer(targetUrl(urls, target, mode), JSON.stringify(body), conversionTimeoutMs)
    let json: unknown = null
    try {
      json = response.text ? JSON.parse(response.text) : null
    } catch {
      json = null
    }
    return interpretAnswer(target.platform, { status: response.status, json })
  } catch (error) {
    return failedSend(target.platform, error)
  }
}
