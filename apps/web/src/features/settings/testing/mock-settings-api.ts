import {
  type AccountStatus,
  accountStatusSchema,
  type ConnectAccountResponse,
  connectAccountResponseSchema,
  conversionDeliveryListSchema,
  conversionSettingsSchema,
  type DomainSettings,
  type DomainSettingsPatch,
  type DomainStatus,
  domainSettingsSchema,
  freeOfferListSchema,
  type GettingStarted,
  gettingStartedSchema,
  normalizeDomain,
  type Pixel,
  type PixelInput,
  pixelListSchema,
  pixelSchema,
  type StoreSettings,
  type StoreSettingsPatch,
  storeSettingsSchema,
  webhookDeliveryListSchema,
} from '@funnelry/shared'
import { HttpResponse } from 'msw'
import type { z } from 'zod'
import { freeOffer } from '../../../testing/factories/offers'
import { apiHandler, noContent, server } from '../../../testing/msw'
import { testUser } from '../../../testing/tokens'

export type SettingsState = {
  store: StoreSettings
  domain: DomainSettings
  pixels: Pixel[]
  status: AccountStatus
  connect: ConnectAccountResponse
  /** What the next 'Verify' finds in DNS. */
  dnsCheck: { status: 'verified' } | { status: 'failed'; reason: string }
  /** The seller's free offers, the choices for the domain's root. */
  offers: { id: string; headline: string }[]
  /** The checklist and the payment answer the server holds (given at sign-up). */
  gettingStarted: GettingStarted
}

export type RecordedCall = { method: string; path: string; body: unknown }

export const emptyStore: StoreSettings = {
  webhook_url: null,
  webhook_keys: { email: null, full_name: null },
  privacy_policy: null,
  terms_and_conditions: null,
  support_link: null,
  webhook_secret: 'whsec_test-secret',
}

export const noDomain: DomainSettings = {
  domain: null,
  dns_ip: '203.0.113.10',
  txt_record: null,
  status: null,
  failure_reason: null,
  checked_at: null,
  default_offer_id: null,
}

/** A saved domain in the given state, with the TXT record the server would show. */
export const savedDomain = (domain: string, status: DomainStatus = 'pending', failure_reason: string | null = null): DomainSettings => ({
  ...noDomain,
  domain,
  txt_record: { name: `_funnelry.${domain}`, value: 'funnelry-verify=0123456789abcdef0123456789abcdef' },
  status,
  failure_reason,
  checked_at: '2026-11-23T10:00:00.000Z',
})

const defaults = (): SettingsState => ({
  store: emptyStore,
  domain: noDomain,
  pixels: [],
  status: { connected: false },
  connect: { message: 'Redirecting you to finish connecting your payment account.', url: 'https://connect.example.com/onboarding/acct_1' },
  dnsCheck: { status: 'failed', reason: 'No TXT record was found at _funnelry.shop.example.com.' },
  offers: [],
  gettingStarted: {
    payments_connected: false,
    free_offer_created: false,
    add_on_attached: false,
    domain_verified: false,
    has_stripe_account: false,
    email_delivery: 'smtp',
  },
})

const userPath = (area: string) => `/${area}/${testUser.user_id}/`

/**
 * A small in-memory stand-in for the settings calls, typed from the shared schemas: reads answer
 * the current state and writes change it, so a test sees what a seller would. `calls` records
 * every write with its body; `override` swaps in a handler for a failure case.
 */
export function mockSettingsApi(initial: Partial<SettingsState> = {}) {
  const state: SettingsState = { ...defaults(), ...initial }
  const calls: RecordedCall[] = []
  let nextPixel = state.pixels.length + 1
  const record = async (request: Request, body?: unknown) => {
    const parsed = body ?? (request.headers.get('content-type')?.includes('json') ? await request.json() : null)
    calls.push({ method: request.method, path: new URL(request.url).pathname.replace('/api/v1', ''), body: parsed })
    return parsed
  }

  server.use(
    // The Conversions API cards (features/conversions) on the page: nothing saved, nothing sent.
    apiHandler('get', '/conversions-api/', conversionSettingsSchema, () =>
      HttpResponse.json({
        meta: { pixel_id: null, has_access_token: false, test_event_code: null },
        google: { measurement_id: null, has_api_secret: false },
        consent_required: false,
      }),
    ),
    apiHandler('get', '/conversions-api/deliveries/', conversionDeliveryListSchema, () =>
      HttpResponse.json({ count: 0, next: null, previous: null, results: [] }),
    ),
    apiHandler('get', userPath('store-settings'), storeSettingsSchema, () => HttpResponse.json(state.store)),
    apiHandler('patch', userPath('store-settings'), storeSettingsSchema, async ({ request }) => {
      const patch = (await record(request)) as StoreSettingsPatch
      state.store = {
        ...state.store,
        ...patch,
        webhook_keys: patch.webhook_keys ?? state.store.webhook_keys,
      }
      return HttpResponse.json(state.store)
    }),
    apiHandler('get', userPath('domain-settings'), domainSettingsSchema, () => HttpResponse.json(state.domain)),
    apiHandler('patch', userPath('domain-settings'), domainSettingsSchema, async ({ request }) => {
      const patch = (await record(request)) as DomainSettingsPatch
      const domain = patch.domain === null ? null : normalizeDomain(patch.domain)
      const defaultOffer = patch.default_offer_id === undefined ? state.domain.default_offer_id : patch.default_offer_id
      if (!domain) state.domain = noDomain
      else if (domain !== state.domain.domain) state.domain = { ...savedDomain(domain), default_offer_id: defaultOffer }
      else state.domain = { ...state.domain, default_offer_id: defaultOffer }
      return HttpResponse.json(state.domain)
    }),
    apiHandler('post', `/domain-settings/${testUser.user_id}/verify/`, domainSettingsSchema, async ({ request }) => {
      await record(request, null)
      if (!state.domain.domain) return HttpResponse.json({ domain: ['Save a domain first.'] }, { status: 400 })
      const check = state.dnsCheck
      state.domain = {
        ...state.domain,
        status: check.status,
        failure_reason: check.status === 'failed' ? check.reason : null,
      }
      return HttpResponse.json(state.domain)
    }),
    apiHandler('get', '/free-product/', freeOfferListSchema, () =>
      HttpResponse.json({ count: state.offers.length, next: null, previous: null, results: state.offers.map((offer) => freeOffer(offer)) }),
    ),
    apiHandler('get', '/advertising-pixel/', pixelListSchema, () => HttpResponse.json(state.pixels)),
    apiHandler('post', '/advertising-pixel/', pixelSchema, async ({ request }) => {
      const input = (await record(request)) as PixelInput
      const created: Pixel = { id: `pixel-${nextPixel++}`, ...input }
      state.pixels = [...state.pixels, created]
      return HttpResponse.json(created, { status: 201 })
    }),
    apiHandler('patch', '/advertising-pixel/:id/', pixelSchema, async ({ request, params }) => {
      const patch = (await record(request)) as Partial<PixelInput>
      const existing = state.pixels.find((pixel) => pixel.id === params.id)
      if (!existing) return HttpResponse.json({ detail: 'Not found.' }, { status: 404 })
      const saved = { ...existing, ...patch }
      state.pixels = state.pixels.map((pixel) => (pixel.id === saved.id ? saved : pixel))
      return HttpResponse.json(saved)
    }),
    apiHandler('delete', '/advertising-pixel/:id/', noContent, async ({ request, params }) => {
      await record(request, null)
      state.pixels = state.pixels.filter((pixel) => pixel.id !== params.id)
      return new HttpResponse(null, { status: 204 })
    }),
    apiHandler('get', '/stripe/account/status/', accountStatusSchema, () => HttpResponse.json(state.status)),
    apiHandler('get', '/getting-started/', gettingStartedSchema, () => HttpResponse.json(state.gettingStarted)),
    apiHandler('post', '/stripe/account/connect/', connectAccountResponseSchema, async ({ request }) => {
      await record(request)
      return HttpResponse.json(state.connect)
    }),
    // The CRM webhook's log is features/webhooks' (tested there with its own mock); the page shows it empty.
    apiHandler('get', '/webhook-deliveries/', webhookDeliveryListSchema, () =>
      HttpResponse.json({ count: 0, next: null, previous: null, results: [] }),
    ),
  )
  return { state, calls }
}

/** Answers every call of `method` to `path` with `answer` from now on, typed by the endpoint's schema as `apiHandler`. */
export function failCall<S extends z.ZodType>(...handler: Parameters<typeof apiHandler<S>>) {
  server.use(apiHandler(...handler))
}
