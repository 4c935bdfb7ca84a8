import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { sidewaysHint } from '../../../components/sideways-table'
import { freeOffer } from '../../../testing/factories/offers'
import { setViewportWidth } from '../../../testing/media'
import { renderApp } from '../../../testing/render'
import { mockDropdowns, mockFreeOffer, mockOfferStats, offerStats } from '../testing/offer-api'
import FreeOfferFormPage from './free-offer-form-page'

/** Issue 26: the funnel numbers show each after-purchase step: shown, accepted, declined, take rate and revenue. */

const figures = (headline: string, shown: number, accepted: number, declined: number, take_rate: number, revenue: string) => ({
  offer_id: null,
  headline,
  shown,
  accepted,
  declined,
  take_rate,
  revenue,
})
const steps = [
  { step: 1, upsell: figures('Course', 4, 1, 3, 0.25, '99.00'), downsell: figures('Lite course', 3, 1, 2, 0.3333, '29.00') },
  { step: 2, upsell: figures('Coaching', 2, 0, 2, 0, '0.00'), downsell: null },
]

function open(after_purchase_steps = steps) {
  const offer = freeOffer()
  mockFreeOffer(offer)
  mockDropdowns()
  mockOfferStats(offerStats({ after_purchase_steps }))
  renderApp(<FreeOfferFormPage />, {
    url: `/dashboard/edit-free-offer/${offer.id}`,
    path: '/dashboard/edit-free-offer/:id',
    signedIn: true,
  })
}

const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .getAllByRole(row.querySelector('th') ? 'columnheader' : 'cell')
        .map((cell) => cell.textContent),
    )

/**
 * A bound, not an expectation: whichever test renders the page first (in any order) waits for its
 * lazily loaded modules, which on a machine shared by several test runs takes many seconds.
 */
const pageLoad = { timeout: 40_000 }
describe('after-purchase numbers (issue 26)', () => {
  it('shows each step’s upsell and downsell with shown, accepted, declined, take rate and revenue', async () => {
    open()
    const table = await screen.findByRole('table', { name: 'After purchase' }, pageLoad)
    const percent = (fraction: number) => new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 }).format(fraction)
    expect(cellsOf(table)).toEqual([
      ['Step', 'Offer', 'Shown', 'Accepted', 'Declined', 'Take rate', 'Revenue'],
      ['Step 1', 'Course', '4', '1', '3', percent(0.25), '$99.00'],
      ['Step 1 downsell', 'Lite course', '3', '1', '2', percent(0.3333), '$29.00'],
      ['Step 2', 'Coaching', '2', '0', '2', percent(0), '$0.00'],
    ])
  })

  it('has no table when the offer has no after-purchase steps', async () => {
    open([])
    await screen.findByRole('img', { name: 'Views per day' }, pageLoad)
    expect(screen.queryByRole('table', { name: 'After purchase' })).not.toBeInTheDocument()
  })

  it('fits a phone: the table scrolls sideways in its frame, which says so', async () => {
    setViewportWidth(390)
    open()
    expect(await screen.findByRole('table', { name: 'After purchase' }, pageLoad)).toBeVisible()
    const frame = screen.getByRole('region', { name: 'After purchase, scrolls sideways' })
    expect(frame).toHaveAttribute('tabindex', '0')
    expect(frame.nextElementSibling).toHaveTextContent(sidewaysHint)
  })
})
