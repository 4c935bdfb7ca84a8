import { otpRequiredSchema, tokenPairSchema } from '@funnelry/shared'
import { screen, waitFor } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { apiHandler, server } from '../../../testing/msw'
import { renderApp } from '../../../testing/render'
import { fakeAccessToken } from '../../../testing/tokens'
import LoginPage from './login-page'

const askForCode = { detail: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.', otp_required: true }

/** The server of decision D33: a 401 asking for the code until `otp` is 123456. */
function twoFactorServer() {
  const bodies: Record<string, unknown>[] = []
  server.use(
    apiHandler('post', '/authentication/token/', tokenPairSchema.or(otpRequiredSchema), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>
      bodies.push(body)
      if (body.otp === '123456') return HttpResponse.json({ access: fakeAccessToken(), refresh: 'r' })
      const wrong = { detail: 'That code is not correct, or was already used.', otp_required: true }
      return HttpResponse.json(body.otp ? wrong : askForCode, { status: 401 })
    }),
  )
  return bodies
}

describe('Log In with two-factor (decision D33)', () => {
  it('asks for the code after the password, says when it is wrong, and logs in with the right one', async () => {
    const bodies = twoFactorServer()
    const { user, pathname } = renderApp(<LoginPage />)
    expect(screen.queryByLabelText('Authentication Code')).not.toBeInTheDocument()
    await user.type(screen.getByLabelText('Email Address'), 'ada@example.com')
    await user.type(screen.getByLabelText('Password'), 'analytical engine')
    await user.click(screen.getByRole('button', { name: 'Log In' }))

    const code = await screen.findByLabelText('Authentication Code')
    expect(code).toHaveFocus()
    // Asking for the code is not an error.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()

    await user.type(code, '000000')
    await user.click(screen.getByRole('button', { name: 'Log In' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not correct, or was already used.')

    await user.clear(code)
    await user.type(code, '123456')
    await user.click(screen.getByRole('button', { name: 'Log In' }))
    await waitFor(() => expect(pathname()).toBe('/dashboard/free-offers'))
    expect(bodies.map((body) => body.otp)).toEqual([undefined, '000000', '123456'])
    // Three log-in rounds of typing: longer than one form's test on a busy machine.
  }, 45_000)

  it('links to Forgot password? with the email typed', async () => {
    const { user } = renderApp(<LoginPage />)
    await user.type(screen.getByLabelText('Email Address'), 'ada@example.com')
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password?email=ada%40example.com')
  })
})
