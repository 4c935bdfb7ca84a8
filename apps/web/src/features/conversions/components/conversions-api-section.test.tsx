import { conversionMessages } from '@funnelry/shared'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderApp } from '../../../testing/render'
import { ConversionDeliveriesSection, ConversionsApiSection } from '../index'
import { conversionDelivery, mockConversionsApi } from '../testing/mock-conversions-api'

const renderCards = () =>
  renderApp(
    <>
      <ConversionsApiSection />
      <ConversionDeliveriesSection />
    </>,
    { url: '/dashboard/settings', signedIn: true },
  )

/** Puts a value in a field at once (a paste): typing long IDs key by key is slow on a busy machine. */
const fill = async (user: ReturnType<typeof renderApp>['user'], field: HTMLElement, value: string) => {
  await user.click(field)
  await user.paste(value)
}

const findSection = async (title: string) => within(await screen.findByRole('region', { name: title }))

const configured = {
  meta: { pixel_id: '123456789012345', has_access_token: true, test_event_code: null },
  google: { measurement_id: 'G-ABC123XYZ9', has_api_secret: true },
  consent_required: false,
}

/** The form tests render the whole card and fill several fields: more than the default 15 s on a busy machine. */
const formTest = { timeout: 40_000 }

describe('Settings: Conversions API', () => {
  it('checks the IDs as typed, before anything is sent', formTest, async () => {
    const api = mockConversionsApi()
    const { user } = renderCards()
    const section = await findSection('Conversions API')
    expect(await section.findByRole('button', { name: 'Send test event' })).toBeDisabled()
    expect(section.getByText(conversionMessages.nothingConfigured)).toBeInTheDocument()

    await fill(user, section.getByLabelText('Meta Pixel ID'), '12345')
    await fill(user, section.getByLabelText('Measurement ID'), 'UA-1')
    await user.click(section.getByRole('button', { name: 'Save' }))
    expect(await section.findByText(conversionMessages.metaPixelId)).toBeInTheDocument()
    expect(section.getByText(conversionMessages.ga4MeasurementId)).toBeInTheDocument()
    expect(api.puts).toHaveLength(0)
  })

  it('saves a new token and the consent switch, and never shows a saved token', formTest, async () => {
    const api = mockConversionsApi()
    const { user } = renderCards()
    const section = await findSection('Conversions API')
    await fill(user, await section.findByLabelText('Meta Pixel ID'), '123456789012345')
    await fill(user, section.getByLabelText('Access Token'), 'EAAB-token')
    await user.click(section.getByRole('switch', { name: 'Ask visitors for consent before tracking' }))
    await user.click(section.getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(api.puts).toHaveLength(1))
    expect(api.puts[0]).toEqual({
      meta: { pixel_id: '123456789012345', access_token: 'EAAB-token', test_event_code: null },
      google: { measurement_id: null, api_secret: null },
      consent_required: true,
    })
    expect(await section.findByText(/Saved\. Leave empty to keep it/)).toBeInTheDocument()
    expect(section.getByLabelText('Access Token')).toHaveValue('')
    expect(section.getByRole('button', { name: 'Send test event' })).toBeEnabled()
  })

  it('keeps the saved secrets when their fields are left empty', formTest, async () => {
    const api = mockConversionsApi({ settings: configured })
    const { user } = renderCards()
    const section = await findSection('Conversions API')
    await waitFor(() => expect(section.getByLabelText('Meta Pixel ID')).toHaveValue('123456789012345'))
    await fill(user, section.getByLabelText('Test Event Code (optional)'), 'TEST42')
    await user.click(section.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.puts).toHaveLength(1))
    expect(api.puts[0]?.meta).toEqual({ pixel_id: '123456789012345', test_event_code: 'TEST42' })
    expect(api.puts[0]?.google).toEqual({ measurement_id: 'G-ABC123XYZ9' })
  })

  it("shows each platform's answer to Send test event in plain words", async () => {
    mockConversionsApi({
      settings: configured,
      testResults: [
        { platform: 'meta', ok: false, status_code: 400, message: 'Meta refused the access token (it is wrong, expired or was revoked).' },
        { platform: 'google', ok: true, status_code: 200, message: 'Google validated the test event: no problems found.' },
      ],
    })
    const { user } = renderCards()
    const section = await findSection('Conversions API')
    await user.click(await section.findByRole('button', { name: 'Send test event' }))
    const results = within(section.getByRole('status', { name: 'Test results' }))
    expect(await results.findByText(/Meta refused the access token/)).toBeInTheDocument()
    expect(results.getByText(/Google validated the test event/)).toBeInTheDocument()
  })

  it("lists the server events with the platform's answer", async () => {
    mockConversionsApi({
      deliveries: [
        conversionDelivery(),
        conversionDelivery({
          id: '00000000-0000-4000-8000-000000000002',
          platform: 'google',
          event_name: 'purchase',
          event_id: 'order.42',
          status: 'failed',
          status_code: 403,
          events_received: null,
          fbtrace_id: null,
          reason: 'Google refused the API secret or the measurement ID: check both under Admin → Data streams.',
        }),
      ],
    })
    renderCards()
    const log = await findSection('Conversions API Deliveries')
    const [lead, purchase] = within(await log.findByRole('list', { name: 'Conversion events' })).getAllByRole('listitem')
    if (!lead || !purchase) throw new Error('expected two events')
    expect(within(lead).getByText('Meta · Lead')).toBeInTheDocument()
    expect(within(lead).getByText('1 attempt · Accepted (HTTP 200) · events received: 1 · fbtrace_id AbC123trace')).toBeInTheDocument()
    expect(within(purchase).getByText('Google Analytics 4 · purchase')).toBeInTheDocument()
    expect(within(purchase).getByText('Failed')).toBeInTheDocument()
    expect(within(purchase).getByText(/Google refused the API secret/)).toBeInTheDocument()
  })
})
