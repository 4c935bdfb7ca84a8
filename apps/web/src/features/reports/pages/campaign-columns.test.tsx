import { directUtm } from '@funnelry/shared'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { lead, order, uuid } from '../../../testing/factories/reports'
import { setViewportWidth } from '../../../testing/media'
import { renderApp } from '../../../testing/render'
import { mockLeads, mockOfferOptions, mockOrders } from '../testing/mock-reports-api'
import LeadsPage from './leads-page'
import OrdersPage from './orders-page'

/** Decision D37: the Leads and Orders lists say which campaign brought each row, and filter by it. */

const spring = { ...directUtm, utm_source: 'facebook', utm_medium: 'paid', utm_campaign: 'spring', fbclid: 'IwAR1' }
const sue = lead({ id: uuid(110), full_name: 'Spring Sue', utm: spring })
const clickOnly = lead({ id: uuid(111), full_name: 'Click Only', utm: { ...directUtm, gclid: 'Cj0' } })

const openLeads = (search = '') => renderApp(<LeadsPage />, { url: `/dashboard/leads${search}`, path: '/dashboard/leads', signedIn: true })
const openOrders = (search = '') =>
  renderApp(<OrdersPage />, { url: `/dashboard/orders${search}`, path: '/dashboard/orders', signedIn: true })

const campaignCells = async (name: string) => {
  const table = await screen.findByRole('table', { name })
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent)
  const column = headers.indexOf('Campaign')
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[column]?.textContent)
}

describe('campaigns in the Leads and Orders lists', () => {
  it('shows each lead’s campaign with its source, a click id’s platform, or Direct', async () => {
    mockLeads([sue, clickOnly, lead()])
    mockOfferOptions()
    openLeads()
    expect(await campaignCells('Leads')).toEqual(['springfacebook', '—Google ad', 'Direct'])
  })

  it('filters leads by campaign and source once typing pauses, keeping them in the URL', async () => {
    const sent = mockLeads([sue])
    mockOfferOptions()
    const { user, router } = openLeads()
    await screen.findByRole('table', { name: 'Leads' })

    await user.type(screen.getByRole('searchbox', { name: 'Campaign' }), 'spring')
    await waitFor(() => expect(sent.at(-1)).toEqual({ page: '1', page_size: '25', utm_campaign: 'spring' }))
    await user.type(screen.getByRole('searchbox', { name: 'Source' }), 'facebook')
    await waitFor(() => expect(sent.at(-1)).toEqual({ page: '1', page_size: '25', utm_campaign: 'spring', utm_source: 'facebook' }))
    expect(router.state.location.search).toBe('?utm_campaign=spring&utm_source=facebook')
  })

  it('shows each order’s campaign and sends the campaign filter of the URL', async () => {
    const sent = mockOrders([order({ utm: spring })])
    mockOfferOptions()
    openOrders('?utm_campaign=spring')
    expect(await campaignCells('Orders')).toEqual(['springfacebook'])
    expect(sent.at(-1)).toEqual({ page: '1', page_size: '25', utm_campaign: 'spring' })
    expect(screen.getByRole('searchbox', { name: 'Campaign' })).toHaveValue('spring')
  })

  it('on a phone, shows the campaign in the compact row and keeps its filter behind Filters', async () => {
    setViewportWidth(390)
    mockOrders([order({ utm: spring })])
    mockOfferOptions()
    const { user } = openOrders('?utm_source=facebook')
    const list = await screen.findByRole('list', { name: 'Orders' })
    expect(within(list).getByRole('button', { expanded: false })).toHaveTextContent('spring · facebook')
    await user.click(screen.getByRole('button', { name: 'Filters (1)' }))
    expect(within(screen.getByRole('dialog')).getByRole('searchbox', { name: 'Source' })).toHaveValue('facebook')
  })
})
