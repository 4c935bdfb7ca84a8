import { accountStatusSchema } from '@funnelry/shared'
import { screen, waitFor } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from '../../../testing/render'
import { failCall, mockSettingsApi } from '../testing/mock-settings-api'
import { stubLocationAssign } from '../testing/stub-location'
import ThankYouStripePage from './thank-you-stripe-page'

const successTitle = 'Thank You for Setting Up Your Account!'
const successText = "Your payment account has been successfully connected. You're now ready to start receiving payments securely."

const open = (signedIn = true) => renderApp(<ThankYouStripePage />, { url: '/thank-you-stripe', signedIn })

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('Payment-account-connected page', () => {
  it('checks the status with a spinner, then thanks a connected seller and leads on to the dashboard, not to log-in', async () => {
    mockSettingsApi({ status: { connected: true } })
    open()

    expect(screen.getByRole('progressbar', { name: 'Checking your payment account' })).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: successTitle })).toBeInTheDocument()
    expect(screen.getByText(successText)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard')
    expect(screen.queryByRole('link', { name: 'Log In' })).not.toBeInTheDocument()
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
  })

  it('says onboarding is not finished and continues it with the answer the server holds', async () => {
    const assign = stubLocationAssign()
    const api = mockSettingsApi({ status: { connected: false } })
    api.state.gettingStarted = { ...api.state.gettingStarted, has_stripe_account: true }
    const { user } = open()

    expect(await screen.findByRole('heading', { name: 'Onboarding Is Not Finished' })).toBeInTheDocument()
    expect(screen.queryByText(successText)).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to Settings' })).toHaveAttribute('href', '/dashboard/settings')
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Do you have a payment provider account?' })).toHaveTextContent('Yes'))

    await user.click(screen.getByRole('button', { name: 'Continue setup' }))

    expect(await screen.findByText(api.state.connect.message)).toBeInTheDocument()
    await waitFor(() => expect(assign).toHaveBeenCalledWith(api.state.connect.url))
    expect(api.calls).toEqual([{ method: 'POST', path: '/stripe/account/connect/', body: { has_stripe_account: true } }])
  })

  it('says so when the status cannot be checked, and checks again on Retry', async () => {
    const api = mockSettingsApi({ status: { connected: true } })
    let healthy = false
    failCall('get', '/stripe/account/status/', accountStatusSchema, () =>
      healthy
        ? HttpResponse.json(api.state.status)
        : HttpResponse.json({ detail: 'The payment provider did not answer.' }, { status: 502 }),
    )
    const { user } = open()

    expect(await screen.findByText('The payment provider did not answer.')).toBeInTheDocument()
    expect(screen.queryByText(successText)).not.toBeInTheDocument()
    healthy = true
    await user.click(screen.getByRole('button', { name: 'Retry' }))

    expect(await screen.findByText(successText)).toBeInTheDocument()
  })

  it('asks a signed-out visitor to log in instead of claiming anything', () => {
    open(false)

    expect(screen.getByText('Log in to check whether your payment account is connected.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/')
    expect(screen.queryByRole('heading', { name: successTitle })).not.toBeInTheDocument()
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
  })
})
