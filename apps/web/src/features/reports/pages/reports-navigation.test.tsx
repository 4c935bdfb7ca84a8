import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { routes } from '../../../app/router'
import { lead, order } from '../../../testing/factories/reports'
import { renderApp } from '../../../testing/render'
import { mockLeads, mockOfferOptions, mockOrders } from '../testing/mock-reports-api'

/**
 * A bound, not an expectation: whichever test renders the page first (in any order) waits for its
 * lazily loaded modules, which on a machine shared by several test runs takes many seconds.
 */
const pageLoad = { timeout: 40_000 }

describe('Leads and Orders in the dashboard', () => {
  it('are side menu entries of their own, routed to their screens', async () => {
    mockLeads([lead()])
    mockOrders([order()])
    mockOfferOptions()
    const { user, pathname } = renderApp(null, { routes, url: '/dashboard/leads', signedIn: true })

    // The routes are code-split: the dashboard's modules load on this first visit, which on a busy
    // machine takes longer than a query's default second.
    expect(await screen.findByRole('heading', { level: 1, name: 'Leads' }, pageLoad)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Leads' })).toHaveAttribute('aria-current', 'page')
    // The spec's groups stay as they were.
    expect(screen.getByRole('button', { name: 'Offers' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add Offer' })).toBeInTheDocument()

    await user.click(screen.getByRole('link', { name: 'Orders' }))

    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' }, pageLoad)).toBeInTheDocument()
    expect(pathname()).toBe('/dashboard/orders')
    await waitFor(() => expect(screen.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page'))
    expect(screen.getByRole('link', { name: 'Leads' })).not.toHaveAttribute('aria-current')
  })
})
