import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { findElsewhere } from '../../../testing/render'
import { mockSettingsApi } from '../testing/mock-settings-api'
import { findSection, renderSettings } from '../testing/render-settings'

const leaveQuestion = () => screen.queryByRole('dialog', { name: 'Leave without saving?' })

describe('leaving Settings with a card not saved', () => {
  it("asks first; 'Stay' keeps the edits, and after saving the card leaving no longer asks", async () => {
    mockSettingsApi()
    const { user, router } = renderSettings()
    const company = await findSection('Company Data')

    await user.type(company.getByRole('textbox', { name: 'Support Link' }), 'https://h.io')
    await router.navigate('/dashboard/leads')

    const question = await screen.findByRole('dialog', { name: 'Leave without saving?' })
    expect(question).toHaveAccessibleDescription('Your changes in Settings will be lost.')
    await user.click(screen.getByRole('button', { name: 'Stay' }))
    await waitFor(() => expect(leaveQuestion()).not.toBeInTheDocument())
    expect(company.getByRole('textbox', { name: 'Support Link' })).toHaveValue('https://h.io')

    await user.click(company.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Company Data was successfully updated.')).toBeInTheDocument()
    await router.navigate('/dashboard/leads')

    expect(await findElsewhere()).toBe('/dashboard/leads')
    expect(leaveQuestion()).not.toBeInTheDocument()
  })

  it("'Leave' goes", async () => {
    mockSettingsApi()
    const { user, router } = renderSettings()
    const webhook = await findSection('CRM Webhook')

    await user.type(webhook.getByRole('textbox', { name: 'Webhook URL' }), 'https://h.io')
    await router.navigate('/dashboard/leads')
    await user.click(await screen.findByRole('button', { name: 'Leave' }))

    expect(await findElsewhere()).toBe('/dashboard/leads')
  })
})
