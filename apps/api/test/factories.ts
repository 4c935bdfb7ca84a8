import type { SignUpInput } from '@funnelry/shared'
import { createSellerService } from '../src/modules/sellers/seller-service.js'
import type { TestApp } from './build-test-app.js'

let counter = 0

export function signUpPayload(overrides: Partial<SignUpInput> = {}): Omit<SignUpInput, 'token'> {
  counter += 1
  return {
    full_name: `Seller ${counter}`,
    email: `seller${counter}-${Date.now()}@example.com`,
    business_name: `Business ${counter}`,
    website: 'https://example.com',
    business_industry: 'Software & SaaS',
    staff_members: 'Just me',
    has_stripe_account: false,
    password: 'correct horse battery',
    confirmed_password: 'correct horse battery',
    ...overrides,
  }
}

/** Invites and signs up a seller through the real services; returns the seller and its password. */
export async function createSeller(ctx: TestApp, overrides: Partial<SignUpInput> = {}) {
  const service = createSellerService({ db: ctx.db, now: ctx.clock.now })
  const payload = signUpPayload(overrides)
  const { token } = await service.invitations.create(payload.email)
  const seller = await service.signUp({ ...payload, token })
  return { seller, password: payload.password }
}

/** A signed-up seller and the Authorization header of a fresh log-in. */
export async function createSellerSession(ctx: TestApp, overrides: Partial<SignUpInput> = {}) {
  const { seller, password } = await createSeller(ctx, overrides)
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/authentication/token/',
    payload: { email: seller.email, password },
  })
  const { access, refresh } = response.json() as { access: string; refresh: string }
  return { seller, password, access, refresh, headers: { authorization: `Bearer ${access}` } }
}
