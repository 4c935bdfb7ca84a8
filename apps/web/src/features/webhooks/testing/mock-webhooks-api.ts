import {
  reportMessages,
  type StoreSettings,
  type StoreSettingsPatch,
  storeSettingsSchema,
  type WebhookDelivery,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
} from '@funnelry/shared'
import { HttpResponse } from 'msw'
import { apiHandler, server } from '../../../testing/msw'
import { testUser } from '../../../testing/tokens'

export const deliveryId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

/** A delivered `lead.created` for Grace Hopper; override what a test needs. */
export function delivery(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: deliveryId(1),
    event: 'lead.created',
    url: 'https://crm.example.com/hooks/leads',
    subject: { email: 'grace@example.com', full_name: 'Grace Hopper', offer_headline: 'The Guide', amount: null, currency: null },
    status: 'delivered',
    attempts: 1,
    created_at: '2025-03-04T10:15:00.000Z',
    last_attempt: { status_code: 200, error: null, reason: null, created_at: '2025-03-04T10:15:01.000Z' },
    ...overrides,
  }
}

export const noWebhook: StoreSettings = {
  webhook_url: null,
  webhook_keys: { email: null, full_name: null },
  privacy_policy: null,
  terms_and_conditions: null,
  support_link: null,
  webhook_secret: 'whsec_test-secret',
}

export const savedWebhook: StoreSettings = {
  ...noWebhook,
  webhook_url: 'https://crm.example.com/hooks/leads',
  webhook_keys: { email: 'email_address', full_name: 'name' },
}

export type WebhooksState = {
  store: StoreSettings
  /** The log, newest first. */
  deliveries: WebhookDelivery[]
  /** How the next 'Send test' goes: the entry it logs (its id and url are filled in). */
  nextTest: Pick<WebhookDelivery, 'status' | 'last_attempt'>
}

export type RecordedCall = { method: string; path: string; body: unknown }

/**
 * The CRM webhook's calls, in memory and typed from the shared schemas: its part of the store
 * settings, the delivery log, Retry and 'Send test' (which logs an entry as the API does).
 */
export function mockWebhooksApi(initial: Partial<WebhooksState> = {}) {
  const state: WebhooksState = {
    store: noWebhook,
    deliveries: [],
    nextTest: { status: 'delivered', last_attempt: delivery().last_attempt },
    ...initial,
  }
  const calls: RecordedCall[] = []
  const record = (request: Request, body: unknown) =>
    calls.push({ method: request.method, path: new URL(request.url).pathname.replace('/api/v1', ''), body })
  const storePath = `/store-settings/${testUser.user_id}/`

  server.use(
    apiHandler('get', storePath, storeSettingsSchema, () => HttpResponse.json(state.store)),
    apiHandler('patch', storePath, storeSettingsSchema, async ({ request }) => {
      const patch = (await request.json()) as StoreSettingsPatch
      record(request, patch)
      state.store = { ...state.store, ...patch, webhook_keys: patch.webhook_keys ?? state.store.webhook_keys }
      return HttpResponse.json(state.store)
    }),
    apiHandler('get', '/webhook-deliveries/', webhookDeliveryListSchema, ({ request }) => {
      const query = new URL(request.url).searchParams
      const page = Number(query.get('page') ?? 1)
      const size = Number(query.get('page_size') ?? 12)
      const results = state.deliveries.slice((page - 1) * size, page * size)
      return HttpResponse.json({ count: state.deliveries.length, next: null, previous: null, results })
    }),
    // As the API: only a failed delivery goes back to pending (202); anything else is a 400.
    apiHandler('post', '/webhook-deliveries/:id/retry/', webhookDeliverySchema, ({ request, params }) => {
      record(request, null)
      const found = state.deliveries.find((item) => item.id === params.id)
      if (!found) return HttpResponse.json({ detail: 'Not found.' }, { status: 404 })
      if (found.status !== 'failed') return HttpResponse.json({ detail: reportMessages.alreadyDelivered }, { status: 400 })
      const queued: WebhookDelivery = { ...found, status: 'pending' }
      state.deliveries = state.deliveries.map((item) => (item.id === queued.id ? queued : item))
      return HttpResponse.json(queued, { status: 202 })
    }),
    apiHandler('post', '/webhook-deliveries/test/', webhookDeliverySchema, ({ request }) => {
      record(request, null)
      if (!state.store.webhook_url) return HttpResponse.json({ detail: reportMessages.noWebhook }, { status: 400 })
      const sent = delivery({
        ...state.nextTest,
        id: deliveryId(900 + state.deliveries.length),
        event: 'webhook.test',
        url: state.store.webhook_url,
        subject: {
          email: 'jane.doe@example.com',
          full_name: 'Jane Doe',
          offer_headline: 'Test event from Funnelry',
          amount: null,
          currency: null,
        },
      })
      state.deliveries = [sent, ...state.deliveries]
      return HttpResponse.json(sent, { status: 201 })
    }),
  )
  return { state, calls }
}
