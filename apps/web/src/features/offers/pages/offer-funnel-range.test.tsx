import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { sidewaysHint } from '../../../components/sideways-table'
import { freeOffer } from '../../../testing/factories/offers'
import { setViewportWidth } from '../../../testing/media'
import { renderApp } from '../../../testing/render'
import { mockDropdowns, mockFreeOffer, mockOfferStats, offerStats } from '../testing/offer-api'
import FreeOfferFormPage from './free-offer-form-page'

/** Decision D37: the edit page's funnel numbers take a range of days, with each day's figures and a table by campaign. */

const daily = [
  { day: '2025-01-01', views: 10, opt_ins: 4, orders: 1, revenue: '49.00' },
  { day: '2025-01-02', views: 30, opt_ins: 0, orders: 0, revenue: '0.00' },
]
const sources = [
  { utm_source: 'facebook', utm_campaign: 'spring', views: 30, opt_ins: 3, orders: 1, revenue: '49.00', revenue_per_visitor: '1.63' },
  { utm_source: null, utm_campaign: null, views: 10, opt_ins: 1, orders: 0, revenue: '0.00', revenue_per_visitor: '0.00' },
]

function open() {
  const offer = freeOffer()
  mockFreeOffer(offer)
  mockDropdowns()
  const sent = mockOfferStats(offerStats({ from: '2025-01-01', to: '2025-01-02', daily, views: 40, revenue: '49.00' }), sources)
  renderApp(<FreeOfferFormPage />, {
    url: `/dashboard/edit-free-offer/${offer.id}`,
    path: '/dashboard/edit-free-offer/:id',
    signedIn: true,
  })
  return sent
}

/**
 * A bound, not an expectation: whichever test renders the page first (in any order) waits for its
 * lazily loaded modules, which on a machine shared by several test runs takes many seconds.
 */
const pageLoad = { timeout: 40_000 }
describe('funnel numbers over a range of days (decision D37)', () => {
  it('asks for the last 30 days in the browser’s time zone, then for the days the seller picks', async () => {
    const sent = open()
    const from = await screen.findByLabelText('From', {}, pageLoad)
    await waitFor(() => expect(from).toHaveValue('2025-01-01'))
    expect(sent[0]).toEqual({ tz: Intl.DateTimeFormat().resolvedOptions().timeZone })

    fireEvent.change(from, { target: { value: '2024-12-20' } })
    await waitFor(() => expect(sent.at(-1)).toMatchObject({ from: '2024-12-20', to: '2025-01-02' }))
    // A reversed range is never sent.
    const calls = sent.length
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2024-12-01' } })
    expect(sent).toHaveLength(calls)
  })

  it('draws each day of views, opt-ins, orders and revenue, and the table by source and campaign', async () => {
    open()
    const views = await screen.findByRole('img', { name: 'Views per day' }, pageLoad)
    expect(views.querySelectorAll('rect')).toHaveLength(2)
    expect(within(views).getByText('2025-01-02: 30')).toBeInTheDocument()
    // The axis names the range's first and last day as calendar days, whatever the browser's zone.
    const dayName = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' })
    expect(screen.getByTestId('chart-first-day')).toHaveTextContent(dayName.format(new Date(2025, 0, 1)))
    expect(screen.getByTestId('chart-last-day')).toHaveTextContent(dayName.format(new Date(2025, 0, 2)))
    expect(screen.getByRole('img', { name: 'Revenue per day' })).toBeInTheDocument()

    const table = await screen.findByRole('table', { name: 'By source and campaign' }, pageLoad)
    // It scrolls sideways on a phone, so a keyboard must be able to reach its scroller.
    expect(screen.getByRole('region', { name: /By source and campaign/ })).toHaveAttribute('tabindex', '0')
    const rows = within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .getAllByRole(row.querySelector('th') ? 'columnheader' : 'cell')
          .map((cell) => cell.textContent),
      )
    expect(rows).toEqual([
      ['Source', 'Campaign', 'Views', 'Opt-ins', 'Orders', 'Revenue', 'Revenue per view'],
      ['facebook', 'spring', '30', '3', '1', '$49.00', '$1.63'],
      ['Direct', '—', '10', '1', '0', '$0.00', '$0.00'],
    ])
  })

  it('fits a phone: the range and the table stay on the page', async () => {
    setViewportWidth(390)
    open()
    expect(await screen.findByRole('table', { name: 'By source and campaign' }, pageLoad)).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'By source and campaign, scrolls sideways' }).nextElementSibling).toHaveTextContent(
      sidewaysHint,
    )
    expect(screen.getByLabelText('To')).toBeVisible()
  })
})
