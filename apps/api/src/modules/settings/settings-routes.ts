import {
  domainSettingsPatchSchema,
  domainSettingsSchema,
  settingsUserParamsSchema,
  storeSettingsPatchSchema,
  storeSettingsSchema,
} from '@funnelry/shared'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireSignIn } from '../../http/sign-in.js'
import { NotFoundError } from '../../lib/errors.js'
import type { DomainService } from './domain-service.js'
import type { StoreSettingsService } from './store-settings-service.js'

type Options = { storeSettings: StoreSettingsService; domains: DomainService }

/** Tenant isolation: `{userId}` is in the path (spec) but only the caller's own id exists for them. */
function ownId(request: FastifyRequest & { params: { userId: string } }): string {
  if (request.params.userId !== request.seller.id) throw new NotFoundError()
  return request.seller.id
}

export const settingsRoutes: FastifyPluginAsyncZod<Options> = async (app, { storeSettings, domains }) => {
  // onRequest: an unauthenticated caller learns nothing, not even whether its body would validate.
  requireSignIn(app)

  app.get(
    '/store-settings/:userId/',
    {
      schema: {
        tags: ['settings'],
        summary: 'CRM webhook, company links and the webhook signing secret',
        params: settingsUserParamsSchema,
        response: { 200: storeSettingsSchema },
      },
    },
    (request) => storeSettings.get(ownId(request)),
  )

  app.patch(
    '/store-settings/:userId/',
    {
      schema: {
        tags: ['settings'],
        summary: 'Save the Webhook form or the Company Data form (either may come alone)',
        params: settingsUserParamsSchema,
        body: storeSettingsPatchSchema,
        response: { 200: storeSettingsSchema },
      },
    },
    (request) => storeSettings.update(ownId(request), request.body),
  )

  app.get(
    '/domain-settings/:userId/',
    {
      schema: {
        tags: ['settings'],
        summary: 'The custom domain, the IP its DNS A record must point to (D8), its TXT proof record and state',
        params: settingsUserParamsSchema,
        response: { 200: domainSettingsSchema },
      },
    },
    (request) => domains.get(ownId(request)),
  )

  app.patch(
    '/domain-settings/:userId/',
    {
      schema: {
        tags: ['settings'],
        summary: 'Set (a URL or a host name, stored normalised) or clear (empty) the custom domain',
        params: settingsUserParamsSchema,
        body: domainSettingsPatchSchema,
        response: { 200: domainSettingsSchema },
      },
    },
    (request) => domains.update(ownId(request), request.body),
  )

  app.post(
    '/domain-settings/:userId/verify/',
    {
      schema: {
        tags: ['settings'],
        summary: "Look the domain's TXT record up now: verified when found, failed (with the reason) when not",
        params: settingsUserParamsSchema,
        response: { 200: domainSettingsSchema },
      },
    },
    (request) => domains.verify(ownId(request)),
  )
}
