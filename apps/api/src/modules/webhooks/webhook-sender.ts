import dns from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import { isPublicIp } from '../../lib/net/ip-ranges.js'
import { checkPublicUrl } from '../../lib/net/public-address.js'

export const webhookTimeoutMs = 5000

export class BlockedAddressError extends Error {}

/**
 * Resolves the host once and refuses the connection when any address is not public. The check
 * happens at connect time, on the very addresses used, so a DNS answer that changes between a
 * check and the request (DNS rebinding) cannot reach an internal service.
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 4)
    const list = Array.isArray(addresses) ? addresses : []
    const blocked = list.find((entry) => !isPublicIp(entry.address))
    if (blocked || list.length === 0) {
      return callback(
        new BlockedAddressError(`${hostname} resolves to ${blocked?.address ?? 'nothing'}, which is not a public address`),
        '',
        4,
      )
    }
    if (options.all) return callback(null, list)
    const first = list[0] as dns.LookupAddress
    return callback(null, first.address, first.family)
  })
}

export type SendResult = { statusCode: number }

/** POSTs JSON with a hard timeout and without following redirects (a redirect could point inside). */
export async function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { allowPrivate: boolean },
): Promise<SendResult> {
  const target = new URL(url)
  if (!options.allowPrivate) {
    // Node skips `lookup` for IP literals (http://127.0.0.1/, http://[::1]/), so check those here.
    const verdict = checkPublicUrl(url)
    if (!verdict.ok) throw new BlockedAddressError(`${target.hostname} is not a public address: ${verdict.reason}`)
  }
  const client = target.protocol === 'https:' ? https : http
  return new Promise<SendResult>((resolve, reject) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body).toString(), ...headers },
        timeout: webhookTimeoutMs,
        ...(options.allowPrivate ? {} : { lookup: publicOnlyLookup }),
      },
      (response) => {
        response.resume()
        response.on('end', () => resolve({ statusCode: response.statusCode ?? 0 }))
        response.on('error', reject)
      },
    )
    request.on('timeout', () => request.destroy(new Error(`no answer within ${webhookTimeoutMs / 1000} seconds`)))
    request.on('error', reject)
    request.end(body)
  })
}
