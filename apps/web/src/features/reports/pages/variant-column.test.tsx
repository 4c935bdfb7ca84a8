import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { lead, order, uuid } from '../../../testing/factories/reports'
import { setViewportWidth } from '../../../testing/media'
import { renderApp } from '../../../testing/render'
import { mockLeads, mockOfferOptions, mockOrders } from '../testing/mock-reports-api'
import LeadsPage from './leads-page'
import OrdersPage from './orders-page'

/** Decision D36: the Leads and Orders lists say which split-test variant each visitor saw. */

const shortCopy = { id: uuid(400), name: 'Short copy' }
const original = { id: uuid(401), name: 'Original' }

const openLeads = () => renderApp(<LeadsPage />, { url: '/dashboard/leads', path: '/dashboard/leads', signedIn: true })
const openOrders = () => renderApp(<OrdersPage />, { url: '/dashboard/orders', path: '/dashboard/orders', signedIn: true })

/** Each row's cell under the Variant header, as a screen reader reads it. */
const variantCells = async (name: string) => {
  const table = await screen.findByRole('table', { name })
  const column = within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent)
    .indexOf('Variant')
  expect(column).toBeGreaterThan(-1)
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[column]?.textContent)
}

describe('the Variant column of the Leads and Orders lists', () => {
  it('names each lead’s variant, and says when the offer ran no test', async () => {
    mockLeads([
      lead({ id: uuid(110), variant: shortCopy }),
      lead({ id: uuid(111), variant: original }),
      lead({ id: uuid(112), variant: null }),
    ])
    mockOfferOptions()
    openLeads()
    // The dash is hidden from screen readers, who hear "No split test" instead.
    expect(await variantCells('Leads')).toEqual(['Short copy', 'Original', '—No split test'])
    expect(screen.getByText('—')).toHaveAttribute('aria-hidden', 'true')
  })

  it('names each order’s variant beside its campaign', async () => {
    mockOrders([order({ id: uuid(210), variant: shortCopy }), order({ id: uuid(211), variant: null })])
    mockOfferOptions()
    openOrders()
    expect(await variantCells('Orders')).toEqual(['Short copy', '—No split test'])
    const headers = within(screen.getByRole('table', { name: 'Orders' }))
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent)
    expect(headers.slice(headers.indexOf('Campaign'), headers.indexOf('Campaign') + 2)).toEqual(['Campaign', 'Variant'])
  })

  it('on a phone, shows the variant among the details a row opens to', async () => {
    setViewportWidth(390)
    mockOrders([order({ variant: shortCopy })])
    mockOfferOptions()
    const { user } = openOrders()
    const list = await screen.findByRole('list', { name: 'Orders' })
    await user.click(within(list).getByRole('button', { expanded: false }))
    const variantTerm = within(list)
      .getAllByRole('term')
      .find((term) => term.textContent === 'Variant')
    expect(variantTerm?.nextElementSibling).toHaveTextContent('Short copy')
  })
})
