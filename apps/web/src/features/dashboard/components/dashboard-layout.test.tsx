import { detailErrorSchema, gettingStartedSchema } from '@funnelry/shared'
import { act, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import type { RouteObject } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import { setViewportWidth } from '../../../testing/media'
import { apiHandler, server } from '../../../testing/msw'
import { renderApp } from '../../../testing/render'
import DashboardLayout from './dashboard-layout'
import { emailsStoredText } from './emails-stored-banner'

const routes: RouteObject[] = [
  { path: '/', element: <h1>Log-in screen</h1> },
  { path: '/dashboard', element: <DashboardLayout />, children: [{ path: '*', element: <h1>Child page</h1> }] },
]

const open = (url: string) => renderApp(null, { routes, url, signedIn: { full_name: 'Ada Lovelace' } })

const group = (name: string) => screen.getByRole('button', { name })
const menuLink = (name: string) => screen.getByRole('link', { name })

describe('dashboard shell', () => {
  beforeEach(() => {
    // A seller who has done everything: the home page's checklist stays away (tested on its own).
    const allDone = {
      payments_connected: true,
      free_offer_created: true,
      add_on_attached: true,
      domain_verified: true,
      has_stripe_account: true,
      email_delivery: 'smtp' as const,
    }
    server.use(apiHandler('get', '/getting-started/', gettingStartedSchema, () => HttpResponse.json(allDone)))
  })

  it('says on every page that emails are stored, not sent, while the server has no SMTP_URL (D25)', async () => {
    const stored = {
      payments_connected: true,
      free_offer_created: true,
      add_on_attached: true,
      domain_verified: true,
      has_stripe_account: true,
      email_delivery: 'stored' as const,
    }
    server.use(apiHandler('get', '/getting-started/', gettingStartedSchema, () => HttpResponse.json(stored)))
    const { router } = open('/dashboard/orders')
    expect(await screen.findByText(emailsStoredText)).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent(emailsStoredText)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    await act(() => router.navigate('/dashboard/settings'))
    expect(screen.getByText(emailsStoredText)).toBeInTheDocument()
  })

  it('shows no banner when the server sends emails', async () => {
    const { queryClient } = open('/dashboard/orders')
    // The answer (email_delivery 'smtp') is in: the page has what it needs to decide.
    await waitFor(() => expect(queryClient.getQueryState(['getting-started'])?.status).toBe('success'))
    expect(screen.queryByText(emailsStoredText)).not.toBeInTheDocument()
  })

  it("shows the product name, the seller's full name, Log Out and the child page", async () => {
    open('/dashboard/free-offers')

    expect(screen.getByText('Funnelry')).toBeInTheDocument()
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Child page' })).toBeInTheDocument()
  })

  it('opens the group of the current page and highlights the links the path starts with', () => {
    open('/dashboard/bump-offers?page=2')

    expect(group('Offers')).toHaveAttribute('aria-expanded', 'true')
    expect(group('Add Offer')).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('link', { name: 'Add Free Offer' })).not.toBeInTheDocument()
    expect(menuLink('BUMP Offers')).toHaveAttribute('aria-current', 'page')
    expect(menuLink('BUMP Offers')).toHaveClass('Mui-selected')
    expect(menuLink('Free Offers')).not.toHaveAttribute('aria-current')
    expect(menuLink('Settings')).toHaveAttribute('href', '/dashboard/settings')
  })

  it('opens the Add Offer group on an add page', () => {
    open('/dashboard/add-oto-offer')

    expect(group('Add Offer')).toHaveAttribute('aria-expanded', 'true')
    expect(group('Offers')).toHaveAttribute('aria-expanded', 'false')
    expect(menuLink('Add OTO Offer')).toHaveAttribute('aria-current', 'page')
  })

  it('lets the seller open and close groups, and opens the group of each page visited', async () => {
    const { user, pathname, router } = open('/dashboard/settings')
    expect(menuLink('Settings')).toHaveAttribute('aria-current', 'page')
    expect(group('Offers')).toHaveAttribute('aria-expanded', 'false')

    await user.click(group('Add Offer'))
    await user.click(menuLink('Add Free Offer'))
    expect(pathname()).toBe('/dashboard/add-free-offer')
    expect(menuLink('Add Free Offer')).toHaveAttribute('aria-current', 'page')

    await user.click(group('Add Offer'))
    expect(group('Add Offer')).toHaveAttribute('aria-expanded', 'false')

    // Reaching a page some other way (a card's link, the back button) opens its group too.
    await act(() => router.navigate('/dashboard/oto-offers'))
    expect(group('Offers')).toHaveAttribute('aria-expanded', 'true')
    expect(menuLink('OTO Offers')).toHaveAttribute('aria-current', 'page')
  })

  it('logs out to /', async () => {
    server.use(apiHandler('post', '/authentication/logout/', detailErrorSchema, () => HttpResponse.json({ detail: 'Logged out.' })))
    const { user, pathname } = open('/dashboard/free-offers')

    await user.click(screen.getByRole('button', { name: 'Log Out' }))

    expect(await screen.findByRole('heading', { name: 'Log-in screen' })).toBeInTheDocument()
    expect(pathname()).toBe('/')
    expect(localStorage.getItem('access_token')).toBeNull()
  })

  it('on a phone, hides the menu in a drawer toggled by the menu button', async () => {
    setViewportWidth(375)
    const { user, pathname } = open('/dashboard/free-offers')

    expect(screen.queryByRole('link', { name: 'Free Offers' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Open menu' }))
    const drawer = await screen.findByRole('presentation')
    expect(within(drawer).getByRole('link', { name: 'Free Offers' })).toHaveAttribute('aria-current', 'page')
    // A dialog with a name (axe aria-dialog-name, issue 22).
    expect(within(drawer).getByRole('dialog', { name: 'Dashboard menu' })).toBeInTheDocument()

    await user.click(within(drawer).getByRole('link', { name: 'Settings' }))
    expect(pathname()).toBe('/dashboard/settings')
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument())
  })

  it('on a wide screen, shows the menu without a menu button', () => {
    open('/dashboard/free-offers')

    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument()
    expect(within(screen.getByRole('navigation', { name: 'Dashboard' })).getByRole('link', { name: 'Free Offers' })).toBeVisible()
  })
})
