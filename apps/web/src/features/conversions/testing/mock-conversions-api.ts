import {
  type ConversionDelivery,
  type ConversionSettings,
  type ConversionSettingsInput,
  type ConversionTestResult,
  conversionDeliveryListSchema,
  conversionMessages,
  conversionSettingsSchema,
  conversionTestResponseSchema,
} from '@funnelry/shared'
import { HttpResponse } from 'msw'
import { apiHandler, server } from '../../../testing/msw'

export const emptySettings: ConversionSettings = {
  meta: { pixel_id: null, has_access_token: false, test_event_code: null },
  google: { measurement_id: null, has_api_secret: false },
  consent_required: false,
}

/** A Meta `Lead` the platform accepted; override what a test needs. */
export function conversionDelivery(overrides: Partial<ConversionDelivery> = {}): ConversionDelivery {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    platform: 'meta',
    event_name: 'Lead',
    event_id: 'lead.00000000-0000-4000-8000-0000000000aa',
    status: 'sent',
    attempts: 1,
    created_at: '2025-03-04T10:15:00.000Z',
    sent_at: '2025-03-04T10:15:01.000Z',
    status_code: 200,
    events_received: 1,
    fbtrace_id: 'AbC123trace',
    reason: null,
    ...overrides,
  }
}

/** The conversions API calls in memory, typed from the shared schemas; each PUT body is recorded. */
export function mockConversionsApi(
  initial: { settings?: ConversionSettings; deliveries?: ConversionDelivery[]; testResults?: ConversionTestResult[] } = {},
) {
  const state = { settings: initial.settings ?? emptySettings, deliveries: initial.deliveries ?? [], puts: [] as ConversionSettingsInput[] }
  server.use(
    apiHandler('get', '/conversions-api/', conversionSettingsSchema, () => HttpResponse.json(state.settings)),
    apiHandler('put', '/conversions-api/', conversionSettingsSchema, async ({ request }) => {
      const body = (await request.json()) as ConversionSettingsInput
      state.puts.push(body)
      const keep = (given: string | null | undefined, saved: boolean) => (given === undefined ? saved : Boolean(given))
      state.settings = {
        meta: {
          pixel_id: body.meta.pixel_id || null,
          has_access_token: keep(body.meta.access_token, state.settings.meta.has_access_token),
          test_event_code: body.meta.test_event_code || null,
        },
        google: {
          measurement_id: body.google.measurement_id || null,
          has_api_secret: keep(body.google.api_secret, state.settings.google.has_api_secret),
        },
        consent_required: body.consent_required,
      }
      return HttpResponse.json(state.settings)
    }),
    apiHandler('post', '/conversions-api/test/', conversionTestResponseSchema, () =>
      initial.testResults
        ? HttpResponse.json({ results: initial.testResults })
        : HttpResponse.json({ detail: conversionMessages.nothingConfigured }, { status: 400 }),
    ),
    apiHandler('get', '/conversions-api/deliveries/', conversionDeliveryListSchema, () =>
      HttpResponse.json({ count: state.deliveries.length, next: null, previous: null, results: state.deliveries }),
    ),
  )
  return state
}
