import { messages } from '@funnelry/shared'
import { screen, waitFor } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { failCall, mockSettingsApi } from '../testing/mock-settings-api'
import { findSection, renderSettings } from '../testing/render-settings'
import { stubLocationAssign } from '../testing/stub-location'

const question = 'Do you have a payment provider account?'

afterEach(() => {
  vi.unstubAllGlobals()
})

type User = ReturnType<typeof renderSettings>['user']

async function answer(user: User, section: Awaited<ReturnType<typeof findSection>>, choice: 'Yes' | 'No') {
  await user.click(section.getByRole('combobox', { name: question }))
  await user.click(await screen.findByRole('option', { name: choice }))
}

describe('Settings: Payment Account', () => {
  it.each([
    [false, 'Not connected'],
    [true, 'Connected'],
  ])('shows the status from the provider (connected: %s)', async (connected, label) => {
    mockSettingsApi({ status: { connected } })
    renderSettings()
    const section = await findSection('Payment Account')

    expect(await section.findByText(label)).toBeInTheDocument()
  })

  it("requires an answer ('This field is required') before connecting", async () => {
    const { calls } = mockSettingsApi()
    const { user } = renderSettings()
    const section = await findSection('Payment Account')

    await user.click(section.getByRole('button', { name: 'Connect Payment Account' }))

    expect(await section.findByText(messages.required)).toBeInTheDocument()
    expect(calls).toEqual([])
  })

  it.each([
    ['No', false],
    ['Yes', true],
  ] as const)("sends the answer %s, shows the server's message and goes to its onboarding link", async (choice, hasAccount) => {
    const assign = stubLocationAssign()
    const { calls, state } = mockSettingsApi()
    const { user } = renderSettings()
    const section = await findSection('Payment Account')

    await answer(user, section, choice)
    await user.click(section.getByRole('button', { name: 'Connect Payment Account' }))

    expect(await screen.findByText(state.connect.message)).toBeInTheDocument()
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://connect.example.com/onboarding/acct_1'))
    expect(calls).toEqual([{ method: 'POST', path: '/stripe/account/connect/', body: { has_stripe_account: hasAccount } }])
  })

  it('says why when the provider cannot be reached, and stays on the page', async () => {
    const assign = stubLocationAssign()
    mockSettingsApi()
    failCall('post', '/stripe/account/connect/', () =>
      HttpResponse.json({ detail: 'The payment provider did not answer. Please try again in a moment.' }, { status: 502 }),
    )
    const { user } = renderSettings()
    const section = await findSection('Payment Account')

    await answer(user, section, 'No')
    await user.click(section.getByRole('button', { name: 'Connect Payment Account' }))

    expect(await section.findByText('The payment provider did not answer. Please try again in a moment.')).toBeInTheDocument()
    expect(assign).not.toHaveBeenCalled()
  })
})
