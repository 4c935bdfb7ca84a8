import { recoveryCodesSchema, twoFactorSetupSchema, twoFactorStatusSchema } from '@funnelry/shared'
import { screen, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { apiHandler, noContent, server } from '../../../testing/msw'
import { renderApp } from '../../../testing/render'
import AccountPage from './account-page'

const codes = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`)

describe('Account page: two-factor (decision D33)', () => {
  it('sets up with a QR code and the key, confirms with a code, and shows the recovery codes once', async () => {
    const enabled: unknown[] = []
    let on = false
    server.use(
      apiHandler('get', '/authentication/two-factor/', twoFactorStatusSchema, () => HttpResponse.json({ enabled: on })),
      apiHandler('post', '/authentication/two-factor/setup/', twoFactorSetupSchema, () =>
        HttpResponse.json({ secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/Funnelry:ada%40example.com?secret=JBSWY3DPEHPK3PXP' }),
      ),
      apiHandler('post', '/authentication/two-factor/enable/', recoveryCodesSchema, async ({ request }) => {
        enabled.push(await request.json())
        on = true
        return HttpResponse.json({ recovery_codes: codes })
      }),
    )
    const { user } = renderApp(<AccountPage />, { signedIn: true })
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor' }))

    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument()
    // Each step replaces the button just pressed: focus moves to the new step, not back to the page.
    expect(screen.getByText(/^1\. Scan this QR code/)).toHaveFocus()
    expect(screen.getByTestId('two-factor-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP')
    await user.type(screen.getByLabelText('Code from the app'), '123456')
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor' }))

    const list = await screen.findByRole('list', { name: 'Recovery codes' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes)
    expect(screen.getByText(/Save these recovery codes/).closest('[role="alert"]')).toHaveFocus()
    expect(screen.getByRole('button', { name: 'Copy recovery codes' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'I have saved them' }))

    expect((await screen.findByText(/Two-factor log-in is on/)).closest('[role="alert"]')).toHaveFocus()
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument()
    expect(enabled).toEqual([{ code: '123456' }])
    // Set-up, code and recovery codes are three screens: longer than one form's test on a busy machine.
  }, 45_000)

  it('turns off with the password and a code, and then focuses the message that it is off', async () => {
    const disabled: unknown[] = []
    server.use(
      apiHandler('get', '/authentication/two-factor/', twoFactorStatusSchema, () => HttpResponse.json({ enabled: true })),
      apiHandler('post', '/authentication/two-factor/disable/', noContent, async ({ request }) => {
        disabled.push(await request.json())
        return new HttpResponse(null, { status: 204 })
      }),
    )
    const { user } = renderApp(<AccountPage />, { signedIn: true })
    const form = within((await screen.findByRole('button', { name: 'Turn off two-factor' })).closest('form') as HTMLElement)
    await user.type(form.getByLabelText('Password'), 'correct horse')
    await user.type(form.getByLabelText('Code from the app, or a recovery code'), '123456')
    await user.click(form.getByRole('button', { name: 'Turn off two-factor' }))

    expect(await screen.findByText(/^Two-factor log-in is off/)).toHaveFocus()
    expect(disabled).toEqual([{ password: 'correct horse', code: '123456' }])
  }, 30_000)
})
