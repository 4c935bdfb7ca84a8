import { messages, tokenPairSchema } from '@funnelry/shared'
import { screen, waitFor } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { type ApiErrorBody, apiHandler, server } from '../../../testing/msw'
import { renderApp } from '../../../testing/render'
import { fakeAccessToken } from '../../../testing/tokens'
import LoginPage from './login-page'

const tokens = { access: fakeAccessToken(), refresh: 'refresh-1' }

function acceptLogIn() {
  const bodies: unknown[] = []
  server.use(
    apiHandler('post', '/authentication/token/', tokenPairSchema, async ({ request }) => {
      bodies.push(await request.json())
      return HttpResponse.json(tokens)
    }),
  )
  return bodies
}

function refuseLogIn(body: ApiErrorBody, status = 400) {
  server.use(apiHandler('post', '/authentication/token/', tokenPairSchema, () => HttpResponse.json(body, { status })))
}

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user'], email = 'ada@example.com', password = 'analytical engine') {
  await user.type(screen.getByLabelText('Email Address'), email)
  await user.type(screen.getByLabelText('Password'), password)
  await user.click(screen.getByRole('button', { name: 'Log In' }))
}

describe('Log In page', () => {
  it('shows the fields, remember-me checked by default, and the auth footer', () => {
    renderApp(<LoginPage />)

    expect(screen.getByRole('heading', { name: 'Log In' })).toBeInTheDocument()
    expect(screen.getByLabelText('Email Address')).toHaveValue('')
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password')
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeChecked()
    expect(screen.getByRole('link', { name: window.location.host })).toBeInTheDocument()
  })

  it('validates on blur and on change with the spec messages', async () => {
    const { user } = renderApp(<LoginPage />)

    await user.click(screen.getByLabelText('Email Address'))
    await user.tab()
    expect(await screen.findByText(messages.emailRequired)).toBeInTheDocument()

    await user.type(screen.getByLabelText('Email Address'), 'ada@')
    expect(await screen.findByText(messages.invalidEmail)).toBeInTheDocument()
    await user.type(screen.getByLabelText('Email Address'), 'example.com')
    await waitFor(() => expect(screen.queryByText(messages.invalidEmail)).not.toBeInTheDocument())

    await user.click(screen.getByLabelText('Password'))
    await user.tab()
    expect(await screen.findByText(messages.passwordRequired)).toBeInTheDocument()
  })

  it('toggles the password between hidden and shown', async () => {
    const { user } = renderApp(<LoginPage />)

    await user.click(screen.getByRole('button', { name: 'Show password' }))
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text')
    await user.click(screen.getByRole('button', { name: 'Hide password' }))
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password')
  })

  it("shows the server's first non_field_errors message and clears it when the email or password changes", async () => {
    refuseLogIn({ non_field_errors: ['The email address or password is incorrect.', 'Second'] })
    const { user } = renderApp(<LoginPage />)

    await fillAndSubmit(user)
    expect(await screen.findByRole('alert')).toHaveTextContent('The email address or password is incorrect.')

    await user.type(screen.getByLabelText('Password'), 'x')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Log In' }))
    expect(await screen.findByRole('alert')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Email Address'), 'm')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it("falls back to 'Invalid credentials' when the server gives no message", async () => {
    refuseLogIn({ detail: 'Something else' }, 401)
    const { user } = renderApp(<LoginPage />)

    await fillAndSubmit(user)

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.invalidCredentials)
  })

  it('keeps the session in local storage when remember-me is ticked and goes to the dashboard', async () => {
    const bodies = acceptLogIn()
    const { user, pathname } = renderApp(<LoginPage />)

    await fillAndSubmit(user)

    await waitFor(() => expect(pathname()).toBe('/dashboard/free-offers'))
    expect(bodies).toEqual([{ email: 'ada@example.com', password: 'analytical engine' }])
    expect(localStorage.getItem('access_token')).toBe(tokens.access)
    expect(localStorage.getItem('refresh_token')).toBe(tokens.refresh)
    expect(localStorage.getItem('remember_me')).toBe('true')
    expect(localStorage.getItem('is_authenticated')).toBe('true')
    expect(sessionStorage.getItem('access_token')).toBeNull()
  })

  it('keeps the session in session storage when remember-me is unticked', async () => {
    acceptLogIn()
    const { user, pathname } = renderApp(<LoginPage />)

    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }))
    await fillAndSubmit(user)

    await waitFor(() => expect(pathname()).toBe('/dashboard/free-offers'))
    expect(sessionStorage.getItem('access_token')).toBe(tokens.access)
    expect(sessionStorage.getItem('refresh_token')).toBe(tokens.refresh)
    expect(sessionStorage.getItem('remember_me')).toBe('false')
    expect(localStorage.getItem('access_token')).toBeNull()
    expect(localStorage.getItem('is_authenticated')).toBe('true')
  })
})
