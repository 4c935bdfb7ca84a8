import { arrivalFrom, offerSourcesSchema, offerStatsQuerySchema, offerStatsSchema, pageViewSchema } from '@funnelry/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { type Owns, ownedBy, pathParam } from '../../http/public-page.js'
import { offerIdParams } from '../../http/route-helpers.js'
import { arrivalCookie, arrivalOfCookies } from '../../lib/arrival.js'
import type { OfferStatsService } from './offer-stats-service.js'

/** The experiments module's visitor count: the `Set-Cookie` marking the visitor counted, or null. */
export type SplitVisitorCounter = {
  countVisitor(offerId: string, cookieHeader: string | undefined, secure: boolean): Promise<string | null>
}

type Options = { stats: OfferStatsService; splitVisitors?: SplitVisitorCounter | undefined; ownsFreeOffer: Owns }

const tags = ['free offers']

export const offerStatsRoutes: FastifyPluginAsyncZod<Options> = async (app, { stats, splitVisitors, ownsFreeOffer }) => {
  app.post(
    '/free-product/:id/view/',
    {
      schema: {
        tags,
        summary:
          "Counts one view of a public offer page (no auth; sent once per page load, never in preview). The body holds the campaign fields of the page's address; a campaign is kept 30 days in a cookie (decision D37)",
        params: offerIdParams,
        // Pages before decision D37 sent no body: still one view, with no campaign.
        body: pageViewSchema.nullish(),
        response: { 204: z.null() },
      },
      // Per client address: one visitor reloading cannot inflate the numbers much.
      config: {
        rateLimit: { max: 60, timeWindow: '1 minute' },
        // Sent by the offer page; on a custom domain, for that seller's offers only.
        publicPage: { ownedBy: ownedBy((request) => pathParam(request, 'id'), ownsFreeOffer) },
      },
    },
    async (request, reply) => {
      const body = request.body
      const arrived = arrivalFrom((field) => body?.[field])
      // A direct visit keeps the campaign of an earlier arrival (decision D37).
      const arrival = arrived ?? arrivalOfCookies(request.headers.cookie)
      await stats.countView(request.params.id, arrival)
      const secure = request.protocol === 'https'
      if (arrived) reply.header('set-cookie', arrivalCookie(arrived, secure))
      // Issue 27: the first view of a split-test variant counts its visitor (one upsert, as the view).
      const counted = splitVisitors && (await splitVisitors.countVisitor(request.params.id, request.headers.cookie, secure))
      if (counted) reply.header('set-cookie', counted)
      return reply.code(204).send(null)
    },
  )

  app.get(
    '/free-product/:id/stats/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          "A free offer's funnel numbers (views, opt-ins, orders, take rates, revenue) and a daily series over inclusive days in the time zone tz (default UTC; the last 30 days by default), decision D37",
        params: offerIdParams,
        querystring: offerStatsQuerySchema,
        response: { 200: offerStatsSchema },
      },
    },
    (request) => stats.forOffer(request.seller.id, request.params.id, request.query),
  )

  app.get(
    '/free-product/:id/stats/sources/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "A free offer's funnel by source and campaign over the same range as its stats (decision D37)",
        params: offerIdParams,
        querystring: offerStatsQuerySchema,
        response: { 200: offerSourcesSchema },
      },
    },
    (request) => stats.sources(request.seller.id, request.params.id, request.query),
  )
}
