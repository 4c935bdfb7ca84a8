import { connectAccountResponseSchema, gettingStartedSchema, messages } from '@funnelry/shared'
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

  it.each([
    [true, 'Yes'],
    [false, 'No'],
  ])('starts the question from the answer given at sign-up (%s), even after a reload', async (hasAccount, shown) => {
    const api = mockSettingsApi()
    api.state.gettingStarted = { ...api.state.gettingStarted, has_stripe_account: hasAccount }
    renderSettings()
    const section = await findSection('Payment Account')

    await waitFor(() => expect(section.getByRole('combobox', { name: question })).toHaveTextContent(shown))
  })

  it("requires an answer ('This field is required') when the server's answer could not be read", async () => {
    const { calls } = mockSettingsApi()
    failCall('get', '/getting-started/', gettingStartedSchema, () => HttpResponse.json({ detail: 'Down.' }, { status: 500 }))
    const { user } = renderSettings()
    const section = await findSection('Payment Account')

    await user.click(section.getByRole('button', { name: 'Connect Payment Account' }))

    expect(await section.findByText(messages.required)).toBeInTheDocument()
    expect(calls).toEqual([])
  })

  it('comes first in Settings until the account is connected, and last once it is', async () => {
    mockSettingsApi({ status: { connected: false } })
    const { unmount } = renderSettings()
    await findSection('Payment Account')
    const titles = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)
    await waitFor(() => expect(titles()[0]).toBe('Payment Account'))
    unmount()

    mockSettingsApi({ status: { connected: true } })
    renderSettings()
    await waitFor(() => expect(titles().at(-1)).toBe('Payment Account'))
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
    failCall('post', '/stripe/account/connect/', connectAccountResponseSchema, () =>
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
