import {
  passwordChangeSchema,
  passwordResetConfirmSchema,
  passwordResetRequestedSchema,
  passwordResetRequestSchema,
  recoveryCodesSchema,
  twoFactorDisableSchema,
  twoFactorEnableSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@funnelry/shared'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { clientAddressKey } from '../../http/client-address.js'
import { requireSignIn } from '../../http/sign-in.js'
import type { LogIns } from './log-ins.js'
import type { createPasswordChange } from './password-change.js'
import type { PasswordResetService } from './password-reset-service.js'
import type { TwoFactorService } from './two-factor-service.js'

type Options = {
  resets: PasswordResetService
  changePassword: ReturnType<typeof createPasswordChange>
  logIns: LogIns
  twoFactor: TwoFactorService
}

const tags = ['account']
const resetRequested = 'If an account has this email, a link to reset its password is on its way. It works for 1 hour.'
/** Password guesses through a signed-in session are slowed down like log-ins. */
const perClient = { rateLimit: { max: 10, timeWindow: '1 minute', hook: 'preHandler' as const } }

/** Decisions D32 (password reset and change, log-out everywhere) and D33 (two-factor log-in). */
export const accountRoutes: FastifyPluginAsyncZod<Options> = async (app, { resets, changePassword, logIns, twoFactor }) => {
  // Work a request leaves for after its answer (the reset request's look-up and email).
  const afterAnswer = new WeakMap<FastifyRequest, () => void>()
  app.addHook('onClose', () => resets.settled())

  app.post(
    '/authentication/password-reset/',
    {
      schema: {
        tags,
        summary: 'Email a password reset link (the same answer whether or not the email has an account)',
        body: passwordResetRequestSchema,
        response: { 202: passwordResetRequestedSchema },
      },
      onResponse: async (request) => afterAnswer.get(request)?.(),
    },
    async (request, reply) => {
      const { afterAnswer: work } = await resets.request(request.body.email, clientAddressKey(request), (error) =>
        request.log.error({ err: error }, 'password reset request'),
      )
      afterAnswer.set(request, work)
      return reply.code(202).send({ detail: resetRequested })
    },
  )

  app.post(
    '/authentication/password-reset/confirm/',
    {
      schema: {
        tags,
        summary: 'Set a new password with a reset link’s token; every log-in of the seller ends',
        body: passwordResetConfirmSchema,
        response: { 204: z.null() },
      },
      config: perClient,
    },
    async (request, reply) => {
      await resets.confirm(request.body.token, request.body.password)
      return reply.code(204).send(null)
    },
  )

  await app.register(signedInRoutes, { resets, changePassword, logIns, twoFactor })
}

const signedInRoutes: FastifyPluginAsyncZod<Options> = async (signedIn, { changePassword, logIns, twoFactor }) => {
  requireSignIn(signedIn)

  signedIn.post(
    '/authentication/password/',
    {
      schema: { tags, summary: 'Change the password; the other log-ins end', body: passwordChangeSchema, response: { 204: z.null() } },
      config: perClient,
    },
    async (request, reply) => {
      await changePassword(request.seller, request.body.current_password, request.body.password)
      return reply.code(204).send(null)
    },
  )

  signedIn.post(
    '/authentication/log-out-everywhere/',
    { schema: { tags, summary: 'End every log-in of the seller, this one included', response: { 204: z.null() } } },
    async (request, reply) => {
      await logIns.endAll(request.seller.id)
      return reply.code(204).send(null)
    },
  )

  signedIn.get(
    '/authentication/two-factor/',
    { schema: { tags, summary: 'Whether two-factor log-in is on', response: { 200: twoFactorStatusSchema } } },
    async (request) => ({ enabled: await twoFactor.isEnabled(request.seller.id) }),
  )

  signedIn.post(
    '/authentication/two-factor/setup/',
    {
      schema: {
        tags,
        summary: 'A new authenticator secret and its otpauth:// URL (on once confirmed with a code)',
        response: { 200: twoFactorSetupSchema },
      },
    },
    (request) => twoFactor.setup(request.seller.id, request.seller.email),
  )

  signedIn.post(
    '/authentication/two-factor/enable/',
    {
      schema: {
        tags,
        summary: 'Turn two-factor log-in on with a code from the app; answers 10 one-use recovery codes, shown once',
        body: twoFactorEnableSchema,
        response: { 200: recoveryCodesSchema },
      },
    },
    (request) => twoFactor.enable(request.seller.id, request.seller.email, request.body.code),
  )

  signedIn.post(
    '/authentication/two-factor/disable/',
    {
      schema: {
        tags,
        summary: 'Turn two-factor log-in off (password and a code)',
        body: twoFactorDisableSchema,
        response: { 204: z.null() },
      },
      config: perClient,
    },
    async (request, reply) => {
      await twoFactor.disable(request.seller.id, request.body.password, request.body.code)
      return reply.code(204).send(null)
    },
  )
}
