import { type GettingStarted, gettingStartedSchema } from '@funnelry/shared'
import { screen, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import type { RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import { apiHandler, server } from '../../../testing/msw'
import { renderApp } from '../../../testing/render'
import DashboardLayout from './dashboard-layout'

const routes: RouteObject[] = [
  { path: '/dashboard', element: <DashboardLayout />, children: [{ path: '*', element: <h1>Child page</h1> }] },
]

const state = (overrides: Partial<GettingStarted>): GettingStarted => ({
  payments_connected: false,
  free_offer_created: false,
  add_on_attached: false,
  domain_verified: false,
  has_stripe_account: false,
  email_delivery: 'smtp',
  ...overrides,
})

function open(url: string, answer: GettingStarted) {
  server.use(apiHandler('get', '/getting-started/', gettingStartedSchema, () => HttpResponse.json(answer)))
  return renderApp(null, { routes, url, signedIn: true })
}

describe('first-run checklist on the dashboard', () => {
  it('leads a new seller to connect payments first, and ticks off what the server reports done', async () => {
    open('/dashboard/free-offers', state({ free_offer_created: true }))

    const card = within(await screen.findByRole('region', { name: 'Get started' }))
    expect(card.getByText('1 of 4 done')).toBeInTheDocument()
    const rows = card.getAllByRole('listitem')
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Connect your payment account'),
      expect.stringContaining('Create a free offer'),
      expect.stringContaining('Attach a BUMP or OTO to a free offer'),
      expect.stringContaining('Serve your pages on your own domain'),
    ])
    expect(within(rows[1] as HTMLElement).getByTitle('Done')).toBeInTheDocument()
    expect(within(rows[0] as HTMLElement).getByTitle('To do')).toBeInTheDocument()
    expect(card.getByRole('link', { name: 'Connect: Connect your payment account' })).toHaveAttribute('href', '/dashboard/settings')
    expect(card.getByRole('link', { name: 'Add a BUMP: Attach a BUMP or OTO to a free offer' })).toHaveAttribute(
      'href',
      '/dashboard/add-bump-offer',
    )
    expect(card.queryByRole('link', { name: /^Create:/ })).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Child page' })).toBeInTheDocument()
  })

  it('goes away once everything is done', async () => {
    open(
      '/dashboard/free-offers',
      state({ payments_connected: true, free_offer_created: true, add_on_attached: true, domain_verified: true }),
    )

    expect(await screen.findByRole('heading', { name: 'Child page' })).toBeInTheDocument()
    // The answer has arrived once the (cached) query settles; nothing is shown for it.
    await screen.findByRole('main')
    expect(screen.queryByRole('region', { name: 'Get started' })).not.toBeInTheDocument()
  })

  it('shows only on the home page, never over the forms', async () => {
    open('/dashboard/add-free-offer', state({}))

    expect(await screen.findByRole('heading', { name: 'Child page' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Get started' })).not.toBeInTheDocument()
  })
})
