import fastifyMultipart from '@fastify/multipart'
import {
  splitExperimentSchema,
  splitTestHistorySchema,
  splitTestStartSchema,
  splitVariantCreateSchema,
  splitVariantImageSchema,
  splitVariantSchema,
  splitVariantUpdateSchema,
  splitWinnerSchema,
} from '@funnelry/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { offerIdParams } from '../../http/route-helpers.js'
import { formBody, offerFormLimits } from '../offers/offers-module.js'
import type { SplitTests } from './split-tests.js'

type Options = { splitTests: SplitTests; maxUploadBytes: number }

const tags = ['split tests']

/** Decision D36: a free offer's split test, its variants and its results, for the offer's seller only. */
export const splitTestRoutes: FastifyPluginAsyncZod<Options> = async (app, { splitTests, maxUploadBytes }) => {
  // The variant's image is a form upload like the offer's: a file over the limit is a 400 on its field.
  await app.register(fastifyMultipart, { throwFileSizeLimit: false, limits: { ...offerFormLimits, fileSize: maxUploadBytes } })

  app.post(
    '/free-product/:id/variants/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          'Creates a variant of the page (fields left out keep the page’s) with a traffic weight in whole percent; the first variant starts the test with control_weight and the minimum run. All weights add up to 100.',
        params: offerIdParams,
        body: splitVariantCreateSchema,
        response: { 201: splitVariantSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await splitTests.createVariant(request.seller.id, request.params.id, request.body)),
  )

  app.get(
    '/free-product/:id/variants/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'The arms of the running split test, the original first (none: an empty list)',
        params: offerIdParams,
        response: { 200: z.array(splitVariantSchema) },
      },
    },
    (request) => splitTests.listVariants(request.seller.id, request.params.id),
  )

  app.patch(
    '/free-product/:id/variants/:variantId/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Changes a variant’s content or weight (control_weight for the original), until the test’s first visitor',
        params: z.object({ id: z.string(), variantId: z.string() }),
        body: splitVariantUpdateSchema,
        response: { 200: splitVariantSchema },
      },
    },
    (request) => splitTests.updateVariant(request.seller.id, request.params.id, request.params.variantId, request.body),
  )

  app.delete(
    '/free-product/:id/variants/:variantId/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          'Deletes a variant until the test’s first visitor (409 after); its share goes back to the original, and the last variant ends the test unstarted',
        params: z.object({ id: z.string(), variantId: z.string() }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await splitTests.deleteVariant(request.seller.id, request.params.id, request.params.variantId)
      return reply.code(204).send(null)
    },
  )

  app.put(
    '/free-product/:id/variants/:variantId/image/',
    {
      onRequest: app.authenticate,
      preValidation: formBody({ fileFields: ['asset_image'], maxFileBytes: maxUploadBytes }),
      schema: {
        tags,
        summary: 'Sets a variant’s own image (PNG or JPEG; empty removes it: the page’s image shows), until the test’s first visitor',
        consumes: ['multipart/form-data'],
        params: z.object({ id: z.string(), variantId: z.string() }),
        body: splitVariantImageSchema,
        response: { 200: splitVariantSchema },
      },
    },
    (request) => splitTests.setImage(request.seller.id, request.params.id, request.params.variantId, request.body),
  )

  app.get(
    '/free-product/:id/experiment/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          'The running (else the latest) split test: per variant visitors, opt-ins, orders, revenue, revenue per visitor, chance to beat control and expected loss; the SRM check; the plot’s series (decision D36)',
        params: offerIdParams,
        response: { 200: splitExperimentSchema },
      },
    },
    (request) => splitTests.results(request.seller.id, request.params.id),
  )

  app.post(
    '/free-product/:id/experiment/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          'Starts a split test with all its variants in one transaction (409 while one runs); control_weight defaults to what the variants leave, all weights add up to 100. Answers the arms, the original first.',
        params: offerIdParams,
        body: splitTestStartSchema,
        response: { 201: z.array(splitVariantSchema) },
      },
    },
    async (request, reply) => reply.code(201).send(await splitTests.startTest(request.seller.id, request.params.id, request.body)),
  )

  app.get(
    '/free-product/:id/experiments/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'The offer’s ended split tests, newest first, each with its dates, winner and final results (read-only)',
        params: offerIdParams,
        response: { 200: splitTestHistorySchema },
      },
    },
    (request) => splitTests.history(request.seller.id, request.params.id),
  )

  app.post(
    '/free-product/:id/experiment/winner/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Ends the split test and makes the chosen variant the page (409 once ended); leads and orders keep their variant',
        params: offerIdParams,
        body: splitWinnerSchema,
        response: { 200: splitExperimentSchema },
      },
    },
    (request) => splitTests.pickWinner(request.seller.id, request.params.id, request.body.variant_id),
  )
}
