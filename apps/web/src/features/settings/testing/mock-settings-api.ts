import {
  type AccountStatus,
  type ConnectAccountResponse,
  type DomainSettings,
  type DomainSettingsPatch,
  type DomainStatus,
  type GettingStarted,
  normalizeDomain,
  type Pixel,
  type PixelInput,
  reportMessages,
  type StoreSettings,
  type StoreSettingsPatch,
  type WebhookDelivery,
  type WebhookDeliveryList,
} from '@funnelry/shared'
import { HttpResponse, http } from 'msw'
import { api, server } from '../../../testing/msw'
import { testUser } from '../../../testing/tokens'

export type SettingsState = {
  store: StoreSettings
  domain: DomainSettings
  pixels: Pixel[]
  status: AccountStatus
  connect: ConnectAccountResponse
  /** The delivery log, newest first. */
  deliveries: WebhookDelivery[]
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
  deliveries: [],
  dnsCheck: { status: 'failed', reason: 'No TXT record was found at _funnelry.shop.example.com.' },
  offers: [],
  gettingStarted: {
    payments_connected: false,
    free_offer_created: false,
    add_on_attached: false,
    domain_verified: false,
    has_stripe_account: false,
  },
})

const userPath = (area: string) => api(`/${area}/${testUser.user_id}/`)

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
    http.get(userPath('store-settings'), () => HttpResponse.json(state.store)),
    http.patch(userPath('store-settings'), async ({ request }) => {
      const patch = (await record(request)) as StoreSettingsPatch
      state.store = {
        ...state.store,
        ...patch,
        webhook_keys: patch.webhook_keys ?? state.store.webhook_keys,
      }
      return HttpResponse.json(state.store)
    }),
    http.get(userPath('domain-settings'), () => HttpResponse.json(state.domain)),
    http.patch(userPath('domain-settings'), async ({ request }) => {
      const patch = (await record(request)) as DomainSettingsPatch
      const domain = patch.domain === null ? null : normalizeDomain(patch.domain)
      const defaultOffer = patch.default_offer_id === undefined ? state.domain.default_offer_id : patch.default_offer_id
      if (!domain) state.domain = noDomain
      else if (domain !== state.domain.domain) state.domain = { ...savedDomain(domain), default_offer_id: defaultOffer }
      else state.domain = { ...state.domain, default_offer_id: defaultOffer }
      return HttpResponse.json(state.domain)
    }),
    http.post(api(`/domain-settings/${testUser.user_id}/verify/`), async ({ request }) => {
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
    http.get(api('/free-product/'), () =>
      HttpResponse.json({ count: state.offers.length, next: null, previous: null, results: state.offers }),
    ),
    http.get(api('/advertising-pixel/'), () => HttpResponse.json(state.pixels)),
    http.post(api('/advertising-pixel/'), async ({ request }) => {
      const input = (await record(request)) as PixelInput
      const created: Pixel = { id: `pixel-${nextPixel++}`, ...input }
      state.pixels = [...state.pixels, created]
      return HttpResponse.json(created, { status: 201 })
    }),
    http.patch(api('/advertising-pixel/:id/'), async ({ request, params }) => {
      const patch = (await record(request)) as Partial<PixelInput>
      const existing = state.pixels.find((pixel) => pixel.id === params.id)
      if (!existing) return HttpResponse.json({ detail: 'Not found.' }, { status: 404 })
      const saved = { ...existing, ...patch }
      state.pixels = state.pixels.map((pixel) => (pixel.id === saved.id ? saved : pixel))
      return HttpResponse.json(saved)
    }),
    http.delete(api('/advertising-pixel/:id/'), async ({ request, params }) => {
      await record(request, null)
      state.pixels = state.pixels.filter((pixel) => pixel.id !== params.id)
      return new HttpResponse(null, { status: 204 })
    }),
    http.get(api('/stripe/account/status/'), () => HttpResponse.json(state.status)),
    http.get(api('/getting-started/'), () => HttpResponse.json(state.gettingStarted)),
    http.post(api('/stripe/account/connect/'), async ({ request }) => {
      await record(request)
      return HttpResponse.json(state.connect)
    }),
    http.get(api('/webhook-deliveries/'), ({ request }) => {
      const query = new URL(request.url).searchParams
      const page = Number(query.get('page') ?? 1)
      const size = Number(query.get('page_size') ?? 12)
      const results = state.deliveries.slice((page - 1) * size, page * size)
      return HttpResponse.json({ count: state.deliveries.length, next: null, previous: null, results } satisfies WebhookDeliveryList)
    }),
    // As the API: only a failed delivery goes back to pending (202); anything else is a 400.
    http.post(api('/webhook-deliveries/:id/retry/'), async ({ request, params }) => {
      await record(request, null)
      const delivery = state.deliveries.find((item) => item.id === params.id)
      if (!delivery) return HttpResponse.json({ detail: 'Not found.' }, { status: 404 })
      if (delivery.status !== 'failed') return HttpResponse.json({ detail: reportMessages.alreadyDelivered }, { status: 400 })
      const queued: WebhookDelivery = { ...delivery, status: 'pending' }
      state.deliveries = state.deliveries.map((item) => (item.id === queued.id ? queued : item))
      return HttpResponse.json(queued, { status: 202 })
    }),
  )
  return { state, calls }
}

/** Answers every call of `method` to `path` with `response` from now on. */
export function failCall(method: 'get' | 'post' | 'patch' | 'delete', path: string, response: () => Response) {
  server.use(http[method](api(path), () => response()))
}
