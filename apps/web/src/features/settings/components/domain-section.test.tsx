import { domainSettingsSchema, settingsMessages, settingsToasts } from '@funnelry/shared'
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { findElsewhere } from '../../../testing/render'
import { failCall, mockSettingsApi, savedDomain } from '../testing/mock-settings-api'
import { findSection, renderSettings } from '../testing/render-settings'

const domainPath = '/domain-settings/seller-1/'

describe('Settings: Custom Domain', () => {
  it('loads the stored domain and shows the A record with the IP before saving', async () => {
    mockSettingsApi({ domain: savedDomain('shop.example.com') })
    renderSettings()
    const section = await findSection('Custom Domain')

    expect(section.getByLabelText('Domain')).toHaveValue('shop.example.com')
    expect(section.getByRole('note', { name: 'DNS record' })).toHaveTextContent(
      'Point an A record for shop.example.com to 203.0.113.10 at your DNS provider, then save.',
    )
  })

  it('follows what is typed, as the server will store it, before anything is saved', async () => {
    const { calls } = mockSettingsApi()
    const { user } = renderSettings()
    const section = await findSection('Custom Domain')
    expect(section.getByRole('note')).toHaveTextContent('Point an A record for your domain to 203.0.113.10')

    await user.type(section.getByLabelText('Domain'), 'https://Shop.Example.com/store')

    expect(section.getByRole('note')).toHaveTextContent('Point an A record for shop.example.com to 203.0.113.10')
    expect(calls).toEqual([])
  })

  it("saves the normalised domain and says 'Custom Domain was successfully updated.'", async () => {
    const { calls } = mockSettingsApi()
    const { user } = renderSettings()
    const section = await findSection('Custom Domain')

    await user.type(section.getByLabelText('Domain'), 'https://Shop.Example.com:8443/')
    await user.click(section.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText(settingsToasts.domain)).toBeInTheDocument()
    expect(settingsToasts.domain).toBe('Custom Domain was successfully updated.')
    expect(calls).toEqual([{ method: 'PATCH', path: domainPath, body: { domain: 'shop.example.com', default_offer_id: null } }])
    expect(section.getByLabelText('Domain')).toHaveValue('shop.example.com')
  })

  it('clears the domain when the field is emptied, once the seller confirms the removal', async () => {
    const { calls } = mockSettingsApi({ domain: savedDomain('shop.example.com') })
    const { user } = renderSettings()
    const section = await findSection('Custom Domain')

    await user.clear(section.getByLabelText('Domain'))
    await user.click(section.getByRole('button', { name: 'Save' }))
    let dialog = await screen.findByRole('dialog', { name: 'Remove shop.example.com?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(calls).toEqual([])
    // Cancel keeps the domain: the field shows it again, as it is still stored.
    expect(section.getByLabelText('Domain')).toHaveValue('shop.example.com')

    await user.clear(section.getByLabelText('Domain'))
    await user.click(section.getByRole('button', { name: 'Save' }))
    dialog = await screen.findByRole('dialog', { name: 'Remove shop.example.com?' })
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }))

    expect(await screen.findByText(settingsToasts.domain)).toBeInTheDocument()
    expect(calls).toEqual([{ method: 'PATCH', path: domainPath, body: { domain: null, default_offer_id: null } }])
  })

  it('leaves nothing unsaved after the removal is cancelled, so leaving Settings does not ask', async () => {
    mockSettingsApi({ domain: savedDomain('shop.example.com') })
    const { user, router } = renderSettings()
    const section = await findSection('Custom Domain')

    await user.clear(section.getByLabelText('Domain'))
    await user.click(section.getByRole('button', { name: 'Save' }))
    const dialog = await screen.findByRole('dialog', { name: 'Remove shop.example.com?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await router.navigate('/dashboard/leads')

    expect(await findElsewhere()).toBe('/dashboard/leads')
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).not.toBeInTheDocument()
  })

  it('refuses a value that is not a domain as it is typed, without calling the server', async () => {
    const { calls } = mockSettingsApi()
    const { user } = renderSettings()
    const section = await findSection('Custom Domain')

    await user.type(section.getByLabelText('Domain'), 'not a domain')
    expect(await section.findByText(settingsMessages.invalidDomain)).toBeInTheDocument()
    await user.click(section.getByRole('button', { name: 'Save' }))

    expect(section.getByLabelText('Domain')).toHaveAttribute('aria-invalid', 'true')
    expect(calls).toEqual([])
    expect(screen.queryByText(settingsToasts.domain)).not.toBeInTheDocument()
  })

  it("puts the server's error on the field, e.g. a domain another seller uses", async () => {
    mockSettingsApi()
    failCall('patch', domainPath, domainSettingsSchema, () =>
      HttpResponse.json({ domain: [settingsMessages.domainTaken] }, { status: 400 }),
    )
    const { user } = renderSettings()
    const section = await findSection('Custom Domain')

    await user.type(section.getByLabelText('Domain'), 'taken.example.com')
    await user.click(section.getByRole('button', { name: 'Save' }))

    expect(await section.findByText(settingsMessages.domainTaken)).toBeInTheDocument()
    expect(section.getByLabelText('Domain')).toHaveAttribute('aria-invalid', 'true')
    expect(section.getByLabelText('Domain')).toHaveValue('taken.example.com')
    expect(screen.queryByText(settingsToasts.domain)).not.toBeInTheDocument()
  })

  it('shows the TXT record to add and the pending state of a saved domain', async () => {
    mockSettingsApi({ domain: savedDomain('shop.example.com') })
    renderSettings()
    const section = await findSection('Custom Domain')

    expect(section.getByRole('status', { name: 'Verification state' })).toHaveTextContent(
      'Pending: add the TXT record below for shop.example.com, then press Verify.',
    )
    expect(section.getByText('_funnelry.shop.example.com')).toBeInTheDocument()
    expect(section.getByText('funnelry-verify=0123456789abcdef0123456789abcdef')).toBeInTheDocument()
    expect(section.getByRole('button', { name: 'Copy TXT record value' })).toBeInTheDocument()
  })

  it("checks the record on 'Verify': failed with the reason, then verified", async () => {
    const api = mockSettingsApi({ domain: savedDomain('shop.example.com') })
    const { user } = renderSettings()
    const section = await findSection('Custom Domain')

    await user.click(section.getByRole('button', { name: 'Verify' }))
    await waitFor(() =>
      expect(section.getByRole('status', { name: 'Verification state' })).toHaveTextContent(
        'Failed: shop.example.com is not verified and serves no pages. No TXT record was found at _funnelry.shop.example.com.',
      ),
    )
    expect(await screen.findByText('The domain is not verified yet.')).toBeInTheDocument()

    api.state.dnsCheck = { status: 'verified' }
    await user.click(section.getByRole('button', { name: 'Verify' }))
    await waitFor(() =>
      expect(section.getByRole('status', { name: 'Verification state' })).toHaveTextContent(
        'Verified: your offer pages are served on shop.example.com.',
      ),
    )
    expect(section.getByRole('button', { name: 'Check again' })).toBeInTheDocument()
    expect(api.calls.filter((call) => call.path === `${domainPath}verify/`)).toHaveLength(2)
  })

  it('shows no proof before a domain is saved', async () => {
    mockSettingsApi()
    renderSettings()
    const section = await findSection('Custom Domain')
    expect(section.queryByRole('status', { name: 'Verification state' })).not.toBeInTheDocument()
    expect(section.queryByRole('button', { name: 'Verify' })).not.toBeInTheDocument()
  })

  it("saves the offer shown at the domain's root", async () => {
    const { calls } = mockSettingsApi({
      domain: savedDomain('shop.example.com', 'verified'),
      offers: [{ id: '5b0e2f3c-1d2a-4c5b-8e9f-0a1b2c3d4e5f', headline: 'Free guide' }],
    })
    const { user } = renderSettings()
    const section = await findSection('Custom Domain')

    await user.click(section.getByLabelText('Home page offer'))
    await user.click(await screen.findByRole('option', { name: 'Free guide' }))
    await user.click(section.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText(settingsToasts.domain)).toBeInTheDocument()
    expect(calls).toEqual([
      { method: 'PATCH', path: domainPath, body: { domain: 'shop.example.com', default_offer_id: '5b0e2f3c-1d2a-4c5b-8e9f-0a1b2c3d4e5f' } },
    ])
  })

  it('offers to retry when the domain could not be loaded', async () => {
    const api = mockSettingsApi()
    let healthy = false
    failCall('get', domainPath, domainSettingsSchema, () =>
      healthy ? HttpResponse.json(api.state.domain) : HttpResponse.json({ detail: 'Service unavailable.' }, { status: 503 }),
    )
    const { user } = renderSettings()

    const region = await screen.findByRole('region', { name: 'Custom Domain' })
    await waitFor(() => expect(region).toHaveTextContent('Service unavailable.'))
    healthy = true
    await user.click(within(region).getByRole('button', { name: 'Retry' }))

    const section = await findSection('Custom Domain')
    expect(await section.findByLabelText('Domain')).toHaveValue('')
  })
})
