import { messages, reportMessages, settingsMessages, settingsToasts, storeSettingsSchema } from '@funnelry/shared'
import { screen, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { apiHandler, server } from '../../../testing/msw'
import { delivery, mockWebhooksApi, noWebhook, savedWebhook } from '../testing/mock-webhooks-api'
import { findSection, renderWebhooks } from '../testing/render-webhooks'

const storePath = '/store-settings/seller-1/'
const configured = { ...savedWebhook, privacy_policy: 'https://acme.example/privacy' }

describe('Settings: CRM Webhook', () => {
  it('loads the URL, the two key names and the signing secret with what it signs', async () => {
    mockWebhooksApi({ store: configured })
    renderWebhooks()
    const section = await findSection('CRM Webhook')

    expect(section.getByLabelText('Webhook URL')).toHaveValue('https://crm.example.com/hooks/leads')
    expect(section.getByLabelText('Email Key')).toHaveValue('email_address')
    expect(section.getByLabelText('Full Name Key')).toHaveValue('name')
    expect(section.getByLabelText('Signing Secret')).toHaveValue('whsec_test-secret')
    expect(section.getByLabelText('Signing Secret')).toHaveAttribute('readonly')
    expect(section.getByText(/verify them with this secret and any Standard Webhooks library/)).toBeInTheDocument()
  })

  it('copies the signing secret', async () => {
    mockWebhooksApi()
    const { user } = renderWebhooks()
    const section = await findSection('CRM Webhook')

    await user.click(section.getByRole('button', { name: 'Copy signing secret' }))

    expect(await screen.findByText('Signing secret copied.')).toBeInTheDocument()
    await expect(navigator.clipboard.readText()).resolves.toBe('whsec_test-secret')
  })

  it('validates on change and on blur with the spec messages', async () => {
    const { calls } = mockWebhooksApi()
    const { user } = renderWebhooks()
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
    const { calls, state } = mockWebhooksApi({ store: { ...noWebhook, privacy_policy: 'https://acme.example/privacy' } })
    const { user } = renderWebhooks()
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
    // Saved: 'Send test' is now possible.
    expect(section.getByRole('button', { name: 'Send test' })).toBeEnabled()
  })

  it("puts the server's errors on their fields, nested keys included", async () => {
    mockWebhooksApi({ store: configured })
    server.use(
      apiHandler('patch', storePath, storeSettingsSchema, () =>
        HttpResponse.json({ webhook_url: [settingsMessages.privateWebhook], 'webhook_keys.email': [messages.noSpaces] }, { status: 400 }),
      ),
    )
    const { user } = renderWebhooks()
    const section = await findSection('CRM Webhook')

    await user.click(section.getByRole('button', { name: 'Save' }))

    expect(await section.findByText(settingsMessages.privateWebhook)).toBeInTheDocument()
    expect(section.getByLabelText('Email Key')).toHaveAccessibleDescription(messages.noSpaces)
    expect(screen.queryByText(settingsToasts.webhook)).not.toBeInTheDocument()
  })
})

describe("Settings: CRM Webhook's 'Send test'", () => {
  it('is disabled, with the reason, until a webhook is saved', async () => {
    mockWebhooksApi()
    renderWebhooks()
    const section = await findSection('CRM Webhook')

    const button = section.getByRole('button', { name: 'Send test' })
    expect(button).toBeDisabled()
    expect(button).toHaveAccessibleDescription(reportMessages.noWebhook)
  })

  it('sends a test, says the CRM accepted it, and shows it at the top of the log', async () => {
    const { calls } = mockWebhooksApi({ store: savedWebhook, deliveries: [delivery()] })
    const { user } = renderWebhooks()
    const section = await findSection('CRM Webhook')
    expect(section.getByRole('button', { name: 'Send test' })).toHaveAccessibleDescription(/sample lead/)

    await user.click(section.getByRole('button', { name: 'Send test' }))

    expect(await screen.findByText('Test sent: your CRM accepted it.')).toBeInTheDocument()
    expect(calls).toEqual([{ method: 'POST', path: '/webhook-deliveries/test/', body: null }])
    const log = await findSection('CRM Webhook Deliveries')
    const [first] = await within(log.getByRole('list', { name: 'Deliveries' })).findAllByRole('listitem')
    expect(first && within(first).getByText('webhook.test')).toBeInTheDocument()
    expect(first && within(first).getByText('Sample lead: Jane Doe (jane.doe@example.com)')).toBeInTheDocument()
  })

  it('says in plain words why a test failed', async () => {
    const reason = 'Your CRM refused the connection (nothing is listening at that address).'
    mockWebhooksApi({
      store: savedWebhook,
      nextTest: {
        status: 'failed',
        last_attempt: { status_code: null, error: 'connect ECONNREFUSED 127.0.0.1:4198', reason, created_at: '2025-03-04T10:15:01.000Z' },
      },
    })
    const { user } = renderWebhooks()
    const section = await findSection('CRM Webhook')

    await user.click(section.getByRole('button', { name: 'Send test' }))

    expect(await screen.findByText(`Test failed: ${reason}`)).toBeInTheDocument()
    const log = await findSection('CRM Webhook Deliveries')
    expect(await log.findByText(`1 attempt · Last: ${reason}`)).toBeInTheDocument()
  })
})
