import {
  conversionDeliveryListSchema,
  conversionSettingsInputSchema,
  conversionSettingsSchema,
  conversionTestResponseSchema,
  pageQuerySchema,
} from '@funnelry/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { listUrlOf } from '../../http/route-helpers.js'
import type { ConversionLogService } from './conversion-log-service.js'
import type { ConversionSettingsService } from './conversion-settings-service.js'
import type { ConversionTestService } from './conversion-test-service.js'
import { visitorOf } from './visitor-context.js'

type Options = { settings: ConversionSettingsService; tests: ConversionTestService; log: ConversionLogService; publicUrl: string }

/** Settings → Conversions API (decision D30): signed in, each seller's own settings and log only. */
export const conversionRoutes: FastifyPluginAsyncZod<Options> = async (app, { settings, tests, log, publicUrl }) => {
  const signedIn = { onRequest: app.authenticate }

  app.get(
    '/conversions-api/',
    {
      ...signedIn,
      schema: {
        tags: ['settings'],
        summary: "The seller's Meta Conversions API and GA4 Measurement Protocol settings (secrets are never returned)",
        response: { 200: conversionSettingsSchema },
      },
    },
    (request) => settings.get(request.seller.id),
  )

  app.put(
    '/conversions-api/',
    {
      ...signedIn,
      schema: {
        tags: ['settings'],
        summary: 'Saves the settings; access_token and api_secret are write-only (omitted keeps the saved one, empty removes it)',
        body: conversionSettingsInputSchema,
        response: { 200: conversionSettingsSchema },
      },
    },
    (request) => settings.save(request.seller.id, request.body),
  )

  app.post(
    '/conversions-api/test/',
    {
      ...signedIn,
      schema: {
        tags: ['settings'],
        summary:
          "Sends a test event to each configured platform now (GA4 through its validation endpoint) and answers each platform's result",
        response: { 200: conversionTestResponseSchema },
      },
      // Each press waits on the platforms: a few a minute is plenty.
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    (request) => tests.send(request.seller.id, { ...visitorOf(request), consent: true }),
  )

  app.get(
    '/conversions-api/deliveries/',
    {
      ...signedIn,
      schema: {
        tags: ['settings'],
        summary: "The server events sent to the ad platforms, newest first, with each platform's answer",
        querystring: pageQuerySchema,
        response: { 200: conversionDeliveryListSchema },
      },
    },
    (request) => log.list(request.seller.id, request.query, listUrlOf(publicUrl, request)),
  )
}
