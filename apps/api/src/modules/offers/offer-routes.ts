import fastifyMultipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { freeOfferRoutes } from './free-offer-routes.js'
import { offerFormLimits } from './multipart-form.js'
import { offerLifecycleRoutes } from './offer-lifecycle-routes.js'
import type { OfferServices } from './offer-services.js'
import { bumpDefinition, upsellDefinition } from './paid-add-on-kinds.js'
import { paidAddOnRoutes } from './paid-add-on-routes.js'

type Options = { offers: OfferServices; publicUrl: string; maxUploadBytes: number }

/** The free, bump and upsell calls of spec section 7; multipart parsing is scoped to them. */
export const offerRoutes: FastifyPluginAsyncZod<Options> = async (app, { offers, publicUrl, maxUploadBytes }) => {
  await app.register(fastifyMultipart, {
    // A file over the limit becomes a 400 on its field (multipart-form.ts), not a 413 for the request.
    throwFileSizeLimit: false,
    limits: { ...offerFormLimits, fileSize: maxUploadBytes },
  })
  await app.register(freeOfferRoutes, {
    freeOffers: offers.free,
    publicFreeOffers: offers.publicFree,
    ownsFreeOffer: offers.ownership.freeOffer,
    publicUrl,
    maxUploadBytes,
  })
  await app.register(paidAddOnRoutes(upsellDefinition, offers.upsell), { publicUrl, maxUploadBytes, owns: offers.ownership.upsellOffer })
  await app.register(paidAddOnRoutes(bumpDefinition, offers.bump), { publicUrl, maxUploadBytes })
  await app.register(offerLifecycleRoutes, { lifecycle: offers.lifecycle, offers })
}
