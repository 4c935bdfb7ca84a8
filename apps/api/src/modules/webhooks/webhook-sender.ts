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
    // One deadline for the whole exchange: a receiver that trickles bytes is as stuck as a silent one.
    const deadline = setTimeout(() => request.destroy(new Error(`no answer within ${webhookTimeoutMs / 1000} seconds`)), webhookTimeoutMs)
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body).toString(), ...headers },
        ...(options.allowPrivate ? {} : { lookup: publicOnlyLookup }),
      },
      (response) => {
        // The status is the answer; the body is never read, so an endless one cannot hold the worker.
        clearTimeout(deadline)
        resolve({ statusCode: response.statusCode ?? 0 })
        response.destroy()
      },
    )
    request.on('error', (error) => {
      clearTimeout(deadline)
      reject(error)
    })
    request.end(body)
  })
}
