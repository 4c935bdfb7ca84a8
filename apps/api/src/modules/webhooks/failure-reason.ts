import { STATUS_CODES } from 'node:http'
import { unfinishedAttempt } from './webhook-repository.js'

/** What an attempt recorded: the receiver's status, or the error when no answer came. */
type Outcome = { statusCode: number | null; error: string | null }

/**
 * Technical failures, by the words Node (or our sender) puts in the error, and what they mean to
 * a seller. The first match wins; the raw error stays in the log as the detail.
 */
const knownFailures: [RegExp, string][] = [
  [/ECONNREFUSED/, 'Your CRM refused the connection (nothing is listening at that address).'],
  [/ENOTFOUND|EAI_AGAIN/, "The CRM's address could not be found (check the host name in the URL)."],
  [/not a public address/, 'The address is private or local: webhooks are sent only to public internet addresses.'],
  [/ECONNRESET|socket hang up|EPIPE/, 'Your CRM closed the connection before answering.'],
  [/ETIMEDOUT|ENETUNREACH|EHOSTUNREACH/, 'Your CRM could not be reached over the network.'],
  [
    /certificate|CERT_|SSL|TLS|EPROTO/i,
    "Your CRM's secure connection failed: its HTTPS certificate is not valid (expired, self-signed or for another name).",
  ],
]

/**
 * Why a delivery failed, in plain words (issue 15: "connect ECONNREFUSED 127.0.0.1:4198" told a
 * seller nothing). Null when the CRM accepted it.
 */
export function failureReason({ statusCode, error }: Outcome): string | null {
  if (statusCode !== null) {
    if (statusCode >= 200 && statusCode < 300) return null
    const phrase = STATUS_CODES[statusCode]
    return `Your CRM answered ${statusCode}${phrase ? ` ${phrase}` : ''}.`
  }
  if (error === null) return null
  if (error === unfinishedAttempt) return 'No outcome was recorded: the attempt was interrupted.'
  const seconds = /no answer within (\d+) seconds/.exec(error)?.[1]
  if (seconds) return `Your CRM did not answer within ${seconds} seconds.`
  return knownFailures.find(([pattern]) => pattern.test(error))?.[1] ?? 'The request to your CRM failed.'
}
