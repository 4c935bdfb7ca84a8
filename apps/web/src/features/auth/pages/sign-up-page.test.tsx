import { messages, optionListSchema, sellerSchema, validateInviteResponseSchema } from '@funnelry/shared'
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { type ApiAnswer, type ApiResolver, apiHandler, server } from '../../../testing/msw'
import { findElsewhere, renderApp } from '../../../testing/render'
import SignUpPage from './sign-up-page'

const link = '/sign-up?email=ada%40example.com&token=invite-token'
const industries = ['Education & Courses', 'Health & Fitness']
const staff = ['Just me', '2-10']

const seller = {
  id: 'seller-1',
  full_name: 'Ada Lovelace',
  email: 'ada@example.com',
  business_name: 'Acme Courses',
  website: 'https://acme.example',
  business_industry: 'Education & Courses',
  staff_members: 'Just me',
  has_stripe_account: true,
}

type Gate = { open: () => void }

type InviteAnswer = { body: ApiAnswer<typeof validateInviteResponseSchema>; status?: number }

/** The invitation check answers `invite`, after `gate.open()` when a gate is given. */
function mockApi({ invite = { body: { valid: true } }, gate }: { invite?: InviteAnswer; gate?: Gate } = {}) {
  const calls = { invite: [] as unknown[], signUp: [] as unknown[] }
  const opened = new Promise<void>((resolve) => {
    if (gate) gate.open = resolve
    else resolve()
  })
  server.use(
    apiHandler('post', '/authentication/validate-invite/', validateInviteResponseSchema, async ({ request }) => {
      calls.invite.push(await request.json())
      await opened
      return HttpResponse.json(invite.body, { status: invite.status })
    }),
    apiHandler('get', '/seller/business-industries/', optionListSchema, () => HttpResponse.json(industries)),
    apiHandler('get', '/seller/staff-members/', optionListSchema, () => HttpResponse.json(staff)),
  )
  return calls
}

function mockSignUp(respond: ApiResolver<typeof sellerSchema>) {
  const bodies: unknown[] = []
  server.use(
    apiHandler('post', '/seller/', sellerSchema, async (info) => {
      bodies.push(await info.request.clone().json())
      return respond(info)
    }),
  )
  return bodies
}

async function waitUntilEnabled() {
  await waitFor(() => expect(screen.getByLabelText('Full Name')).toBeEnabled())
}

async function choose(user: ReturnType<typeof renderApp>['user'], label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }))
  await user.click(await screen.findByRole('option', { name: option }))
}

async function fillValidForm(user: ReturnType<typeof renderApp>['user']) {
  await user.type(screen.getByLabelText('Full Name'), 'Ada Lovelace')
  await user.type(screen.getByLabelText('Business Name'), 'Acme Courses')
  await user.type(screen.getByLabelText('Website'), 'https://acme.example')
  await choose(user, 'Business Industry', 'Education & Courses')
  await choose(user, 'Staff Members', 'Just me')
  await choose(user, 'Do you have a payment provider account?', 'Yes')
  await user.type(screen.getByLabelText('Password'), 'analytical engine')
  await user.type(screen.getByLabelText('Password Confirmation'), 'analytical engine')
}

describe('Sign Up page', () => {
  it.each(['/sign-up', '/sign-up?email=ada%40example.com', '/sign-up?token=invite-token'])(
    'sends %s (no email or token) to /',
    async (url) => {
      renderApp(<SignUpPage />, { url })

      expect(await findElsewhere()).toBe('/')
    },
  )

  it('keeps everything disabled while the invitation is checked, then enables the form', async () => {
    const gate: Gate = { open: () => {} }
    const calls = mockApi({ gate })
    renderApp(<SignUpPage />, { url: link })

    expect(await screen.findByRole('progressbar', { name: 'Checking your invitation' })).toBeInTheDocument()
    for (const label of ['Full Name', 'Email Address', 'Business Name', 'Website', 'Password', 'Password Confirmation']) {
      expect(screen.getByLabelText(label)).toBeDisabled()
    }
    expect(screen.getByRole('combobox', { name: 'Business Industry' })).toHaveAttribute('aria-disabled', 'true')
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeDisabled()

    gate.open()
    await waitUntilEnabled()
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeEnabled()
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
    expect(calls.invite).toEqual([{ email: 'ada@example.com', token: 'invite-token' }])
  })

  it("shows the server's message in an error toast and replaces the page with / for an invalid invitation", async () => {
    mockApi({ invite: { body: { non_field_errors: ['This invitation has already been used. Please log in.'] }, status: 400 } })
    const { router } = renderApp(<SignUpPage />, { url: link })

    expect(await screen.findByText('This invitation has already been used. Please log in.')).toBeInTheDocument()
    expect(await findElsewhere()).toBe('/')
    expect(router.state.historyAction).toBe('REPLACE')
  })

  it("says 'Your invitation is not valid' when the server gives no message", async () => {
    mockApi({ invite: { body: { detail: 'Nope' }, status: 404 } })
    renderApp(<SignUpPage />, { url: link })

    expect(await screen.findByText(messages.invitationInvalid)).toBeInTheDocument()
    expect(await findElsewhere()).toBe('/')
  })

  it('keeps the form disabled when the server answers valid: false', async () => {
    mockApi({ invite: { body: { valid: false } } })
    renderApp(<SignUpPage />, { url: link })

    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument())
    expect(screen.getByLabelText('Full Name')).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeDisabled()
  })

  it('prefills the email from the link, read-only, and links back to log-in', async () => {
    mockApi()
    renderApp(<SignUpPage />, { url: link })
    await waitUntilEnabled()

    const email = screen.getByLabelText('Email Address')
    expect(email).toHaveValue('ada@example.com')
    expect(email).toHaveAttribute('readonly')
    expect(screen.getByRole('link', { name: 'Already have an account? Log In' })).toHaveAttribute('href', '/')
    expect(screen.getByRole('link', { name: window.location.host })).toBeInTheDocument()
  })

  it('shows the validation messages of the spec', async () => {
    mockApi()
    const { user } = renderApp(<SignUpPage />, { url: '/sign-up?email=not-an-email&token=invite-token' })
    await waitUntilEnabled()

    await user.click(screen.getByLabelText('Full Name'))
    await user.tab()
    expect(await screen.findByText(messages.required)).toBeInTheDocument()

    await user.type(screen.getByLabelText('Website'), 'acme example')
    expect(await screen.findByText(messages.invalidUrl)).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Sign Up' }))
    expect(await screen.findByText(messages.invalidEmail)).toBeInTheDocument()
    // Full Name, Business Name, the three selects, both passwords.
    expect(screen.getAllByText(messages.required)).toHaveLength(7)
  })

  it('tells the password rule before anything is typed, and turns it into the error when broken', async () => {
    mockApi()
    const { user } = renderApp(<SignUpPage />, { url: link })
    await waitUntilEnabled()

    const password = screen.getByLabelText('Password')
    expect(password).toHaveAccessibleDescription('Use at least 8 characters.')
    expect(password).not.toHaveAttribute('aria-invalid', 'true')

    await user.type(password, 'short')
    await user.tab()
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'))
    expect(password).toHaveAccessibleDescription('Use at least 8 characters.')
  })

  it("says 'Passwords must match' when the confirmation differs", async () => {
    mockApi()
    const { user } = renderApp(<SignUpPage />, { url: link })
    await waitUntilEnabled()

    await fillValidForm(user)
    await user.type(screen.getByLabelText('Password Confirmation'), ' 2')

    expect(await screen.findByText(messages.passwordsMustMatch)).toBeInTheDocument()
    await user.type(screen.getByLabelText('Password'), ' 2')
    await waitFor(() => expect(screen.queryByText(messages.passwordsMustMatch)).not.toBeInTheDocument())
  })

  it("puts the server's field errors on their fields and non_field_errors in an alert", async () => {
    mockApi()
    mockSignUp(() =>
      HttpResponse.json(
        {
          email: ['An account with this email address already exists.'],
          website: ['This website is not reachable.'],
          non_field_errors: ['Please check the form.'],
        },
        { status: 400 },
      ),
    )
    const { user } = renderApp(<SignUpPage />, { url: link })
    await waitUntilEnabled()

    await fillValidForm(user)
    await user.click(screen.getByRole('button', { name: 'Sign Up' }))

    expect(await screen.findByRole('alert')).toHaveTextContent('Please check the form.')
    expect(screen.getByLabelText('Email Address')).toHaveAccessibleDescription('An account with this email address already exists.')
    expect(screen.getByLabelText('Website')).toHaveAccessibleDescription('This website is not reachable.')
  })

  it('shows a spinner and disables the button while submitting, then toasts and goes to log-in', async () => {
    mockApi()
    let finish = () => {}
    const answered = new Promise<void>((resolve) => {
      finish = resolve
    })
    const bodies = mockSignUp(async () => {
      await answered
      return HttpResponse.json(seller, { status: 201 })
    })
    const { user } = renderApp(<SignUpPage />, { url: link })
    await waitUntilEnabled()

    await fillValidForm(user)
    await user.click(screen.getByRole('button', { name: 'Sign Up' }))

    const button = await waitFor(() => {
      const submit = screen.getByRole('button', { name: 'Sign Up' })
      expect(submit).toBeDisabled()
      return submit
    })
    expect(within(button).getByRole('progressbar')).toBeInTheDocument()

    finish()
    expect(await screen.findByText(messages.registered)).toBeInTheDocument()
    expect(await findElsewhere()).toBe('/')
    expect(bodies).toEqual([
      {
        full_name: 'Ada Lovelace',
        email: 'ada@example.com',
        business_name: 'Acme Courses',
        website: 'https://acme.example',
        business_industry: 'Education & Courses',
        staff_members: 'Just me',
        has_stripe_account: true,
        password: 'analytical engine',
        confirmed_password: 'analytical engine',
        token: 'invite-token',
      },
    ])
  })
})
