import { settingsMessages, settingsToasts } from '@funnelry/shared'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { emptyStore, mockSettingsApi } from '../testing/mock-settings-api'
import { findSection, renderSettings } from '../testing/render-settings'

const webhook = { webhook_url: 'https://crm.example.com/hooks', webhook_keys: { email: 'email', full_name: 'name' } }

describe('Settings: Company Data', () => {
  it('loads the three links', async () => {
    mockSettingsApi({
      store: {
        ...emptyStore,
        privacy_policy: 'https://acme.example/privacy',
        terms_and_conditions: 'https://acme.example/terms',
        support_link: null,
      },
    })
    renderSettings()
    const section = await findSection('Company Data')

    expect(section.getByLabelText('Privacy Policy')).toHaveValue('https://acme.example/privacy')
    expect(section.getByLabelText('Terms and Conditions')).toHaveValue('https://acme.example/terms')
    expect(section.getByLabelText('Support Link')).toHaveValue('')
  })

  it('accepts empty links but not malformed ones', async () => {
    const { calls } = mockSettingsApi()
    const { user } = renderSettings()
    const section = await findSection('Company Data')

    await user.type(section.getByLabelText('Support Link'), 'support@acme')
    expect(await section.findByText(settingsMessages.supportLink)).toBeInTheDocument()
    await user.click(section.getByRole('button', { name: 'Save' }))

    expect(section.getByLabelText('Support Link')).toHaveAttribute('aria-invalid', 'true')
    expect(section.getByLabelText('Privacy Policy')).toHaveAttribute('aria-invalid', 'false')
    expect(calls).toEqual([])
  })

  it("saves only its own links (empty as null) and says 'Company Data was successfully updated.'", async () => {
    const { calls, state } = mockSettingsApi({ store: { ...emptyStore, ...webhook, support_link: 'https://acme.example/old' } })
    const { user } = renderSettings()
    const section = await findSection('Company Data')

    await user.type(section.getByLabelText('Privacy Policy'), 'https://acme.example/privacy')
    await user.type(section.getByLabelText('Terms and Conditions'), 'https://acme.example/terms')
    await user.clear(section.getByLabelText('Support Link'))
    await user.click(section.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText(settingsToasts.companyData)).toBeInTheDocument()
    expect(settingsToasts.companyData).toBe('Company Data was successfully updated.')
    expect(calls).toEqual([
      {
        method: 'PATCH',
        path: '/store-settings/seller-1/',
        body: { privacy_policy: 'https://acme.example/privacy', terms_and_conditions: 'https://acme.example/terms', support_link: null },
      },
    ])
    expect(state.store.webhook_url).toBe(webhook.webhook_url)
  })

  it("keeps the webhook form's unsaved edits when Company Data is saved", async () => {
    mockSettingsApi({ store: { ...emptyStore, ...webhook } })
    const { user } = renderSettings()
    const company = await findSection('Company Data')
    const crm = await findSection('CRM Webhook')

    await user.clear(crm.getByLabelText('Webhook URL'))
    await user.type(crm.getByLabelText('Webhook URL'), 'https://crm.example.com/new')
    await user.type(company.getByLabelText('Privacy Policy'), 'https://acme.example/privacy')
    await user.click(company.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText(settingsToasts.companyData)).toBeInTheDocument()
    expect(crm.getByLabelText('Webhook URL')).toHaveValue('https://crm.example.com/new')
  })
})
