import { messages, settingsMessages, settingsToasts } from '@funnelry/shared'
import { screen } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { emptyStore, failCall, mockSettingsApi } from '../testing/mock-settings-api'
import { findSection, renderSettings } from '../testing/render-settings'

const storePath = '/store-settings/seller-1/'
const configured = {
  ...emptyStore,
  webhook_url: 'https://crm.example.com/hooks/leads',
  webhook_keys: { email: 'email_address', full_name: 'name' },
  privacy_policy: 'https://acme.example/privacy',
}

describe('Settings: CRM Webhook', () => {
  it('loads the URL, the two key names and the signing secret with what it signs', async () => {
    mockSettingsApi({ store: configured })
    renderSettings()
    const section = await findSection('CRM Webhook')

    expect(section.getByLabelText('Webhook URL')).toHaveValue('https://crm.example.com/hooks/leads')
    expect(section.getByLabelText('Email Key')).toHaveValue('email_address')
    expect(section.getByLabelText('Full Name Key')).toHaveValue('name')
    expect(section.getByLabelText('Signing Secret')).toHaveValue('whsec_test-secret')
    expect(section.getByLabelText('Signing Secret')).toHaveAttribute('readonly')
    expect(section.getByText(/X-Signature header: sha256= followed by the HMAC-SHA256/)).toBeInTheDocument()
  })

  it('copies the signing secret', async () => {
    mockSettingsApi()
    const { user } = renderSettings()
    const section = await findSection('CRM Webhook')

    await user.click(section.getByRole('button', { name: 'Copy signing secret' }))

    expect(await screen.findByText('Signing secret copied.')).toBeInTheDocument()
    await expect(navigator.clipboard.readText()).resolves.toBe('whsec_test-secret')
  })

  it('validates on change and on blur with the spec messages', async () => {
    const { calls } = mockSettingsApi()
    const { user } = renderSettings()
    const section = await findSection('CRM Webhook')

    await user.click(section.getByLabelText('Webhook URL'))
    await user.tab()
    expect(await section.findByText(messages.required)).toBeInTheDocument()

    await user.type(section.getByLabelText('Webhook URL'), 'crm.example.com')
    expect(await section.findByText(messages.invalidUrl)).toBeInTheDocument()

    await user.type(section.getByLabelText('Email Key'), 'email address')
    expect(await section.findByText(messages.noSpaces)).toBeInTheDocument()

    await user.click(section.getByRole('button', { name: 'Save' }))
    expect(section.getByLabelText('Full Name Key')).toHaveAccessibleDescription(messages.required)
    expect(calls).toEqual([])
  })

  it("saves only the webhook's fields and says 'Webhook information was successfully updated.'", async () => {
    const { calls, state } = mockSettingsApi({ store: { ...emptyStore, privacy_policy: 'https://acme.example/privacy' } })
    const { user } = renderSettings()
    const section = await findSection('CRM Webhook')

    await user.type(section.getByLabelText('Webhook URL'), 'https://crm.example.com/hooks/leads')
    await user.type(section.getByLabelText('Email Key'), 'email_address')
    await user.type(section.getByLabelText('Full Name Key'), 'name')
    await user.click(section.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText(settingsToasts.webhook)).toBeInTheDocument()
    expect(settingsToasts.webhook).toBe('Webhook information was successfully updated.')
    expect(calls).toEqual([
      {
        method: 'PATCH',
        path: storePath,
        body: { webhook_url: 'https://crm.example.com/hooks/leads', webhook_keys: { email: 'email_address', full_name: 'name' } },
      },
    ])
    expect(state.store.privacy_policy).toBe('https://acme.example/privacy')
  })

  it("puts the server's errors on their fields, nested keys included", async () => {
    mockSettingsApi({ store: configured })
    failCall('patch', storePath, () =>
      HttpResponse.json({ webhook_url: [settingsMessages.privateWebhook], 'webhook_keys.email': [messages.noSpaces] }, { status: 400 }),
    )
    const { user } = renderSettings()
    const section = await findSection('CRM Webhook')

    await user.click(section.getByRole('button', { name: 'Save' }))

    expect(await section.findByText(settingsMessages.privateWebhook)).toBeInTheDocument()
    expect(section.getByLabelText('Email Key')).toHaveAccessibleDescription(messages.noSpaces)
    expect(screen.queryByText(settingsToasts.webhook)).not.toBeInTheDocument()
  })
})
