import { passwordResetRequestedSchema, passwordRule } from '@funnelry/shared'
import { screen, waitFor } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { apiHandler, noContent, server } from '../../../testing/msw'
import { renderApp } from '../../../testing/render'
import ForgotPasswordPage from './forgot-password-page'
import ResetPasswordPage from './reset-password-page'

describe('Forgot password and reset (decision D32)', () => {
  it('sends the email asked for and says a link is on its way', async () => {
    const bodies: unknown[] = []
    const detail = 'If an account has this email, a link to reset its password is on its way. It works for 1 hour.'
    server.use(
      apiHandler('post', '/authentication/password-reset/', passwordResetRequestedSchema, async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.json({ detail }, { status: 202 })
      }),
    )
    const { user } = renderApp(<ForgotPasswordPage />, { url: '/forgot-password?email=ada%40example.com' })
    expect(screen.getByLabelText('Email Address')).toHaveValue('ada@example.com')
    await user.click(screen.getByRole('button', { name: 'Send reset link' }))
    expect(await screen.findByText(new RegExp(detail))).toBeInTheDocument()
    expect(bodies).toEqual([{ email: 'ada@example.com' }])
  })

  it('shows the password rule before anything is typed, sends the token, and goes to log-in', async () => {
    const bodies: unknown[] = []
    server.use(
      apiHandler('post', '/authentication/password-reset/confirm/', noContent, async ({ request }) => {
        bodies.push(await request.json())
        return new HttpResponse(null, { status: 204 })
      }),
    )
    const { user, pathname } = renderApp(<ResetPasswordPage />, { url: '/reset-password?token=tok-1' })
    expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription(passwordRule)
    await user.type(screen.getByLabelText('New Password'), 'a new secret')
    await user.type(screen.getByLabelText('Password Confirmation'), 'a new secret')
    await user.click(screen.getByRole('button', { name: 'Save new password' }))
    await waitFor(() => expect(pathname()).toBe('/'))
    expect(bodies).toEqual([{ token: 'tok-1', password: 'a new secret', confirmed_password: 'a new secret' }])
  })

  it('says plainly that a used link is used and offers a new one', async () => {
    const used = 'This reset link was already used. Ask for a new one.'
    server.use(
      apiHandler('post', '/authentication/password-reset/confirm/', noContent, () =>
        HttpResponse.json({ detail: used, token: [used] }, { status: 400 }),
      ),
    )
    const { user } = renderApp(<ResetPasswordPage />, { url: '/reset-password?token=tok-1' })
    await user.type(screen.getByLabelText('New Password'), 'a new secret')
    await user.type(screen.getByLabelText('Password Confirmation'), 'a new secret')
    await user.click(screen.getByRole('button', { name: 'Save new password' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(used)
    expect(screen.getByRole('link', { name: 'Send me a new link' })).toHaveAttribute('href', '/forgot-password')
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument()
  })
})
