import type { FastifyInstance } from 'fastify'
import { answerKey, writeAnswer } from '../lib/replayed-answers.js'
import type { PublicOffer } from '../modules/offers/offers-module.js'

/** The two public reads of an ad campaign: the offer's JSON and its page (no query: no preview). */
const publicReadPath = /^\/(?:api\/v1\/free-product\/([0-9a-f-]{36})\/|free-offer\/([0-9a-f-]{36})\/?)$/i

/**
 * Answers a repeated public read before any other hook (decision 0015): when the offer is cached
 * and the full path already answered this very request for this cached entry, the same status,
 * headers (security headers included) and bytes are written again, and nothing else runs. The
 * entry's recorded answers go with it when the seller changes anything, so what is replayed is
 * always what the full path would answer now. Must be the first onRequest hook after the Host check (host-header.ts).
 */
export function replayPublicReads(
  app: FastifyInstance,
  cachedOffer: (id: string) => PublicOffer | undefined,
  /** The page a visitor gets, which a split test decides by the visitor's cookie (issue 27). */
  cachedPage: (id: string, cookieHeader: string | undefined) => PublicOffer | undefined = cachedOffer,
) {
  app.addHook('onRequest', (request, reply, done) => {
    const { raw } = request
    const match = raw.method === 'GET' ? publicReadPath.exec(raw.url ?? '') : null
    const id = match?.[1] ?? match?.[2]
    const key = id && answerKey(raw)
    const cached = !key ? undefined : match?.[1] ? cachedOffer(id) : cachedPage(id, raw.headers.cookie)
    const answer = key ? cached?.recordedAnswer(key) : undefined
    if (!answer) return done()
    reply.hijack()
    writeAnswer(reply.raw, answer)
  })
}
