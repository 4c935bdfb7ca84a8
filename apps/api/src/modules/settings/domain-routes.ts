import { domainAllowedQuerySchema, domainAllowedSchema } from '@funnelry/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { NotFoundError } from '../../lib/errors.js'
import type { DomainService } from './domain-service.js'

/**
 * For a TLS-terminating proxy with on-demand certificates (Caddy's `ask`): 200 only for a domain
 * some seller has proven (DNS TXT), so nobody can make the proxy request certificates for
 * arbitrary names or for a domain they merely typed in.
 */
export const domainRoutes: FastifyPluginAsyncZod<{ domains: DomainService }> = async (app, { domains }) => {
  app.get(
    '/domains/allowed/',
    {
      schema: {
        tags: ['settings'],
        summary: 'Whether a certificate may be issued for this domain (200) or not (404)',
        querystring: domainAllowedQuerySchema,
        response: { 200: domainAllowedSchema },
      },
    },
    async (request) => {
      if (!(await domains.findSellerByDomain(request.query.domain))) throw new NotFoundError('No seller has proven this domain.')
      return { allowed: true as const }
    },
  )
}
