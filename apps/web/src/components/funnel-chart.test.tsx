import type { OfferStats } from '@funnelry/shared'
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { FunnelChart } from './funnel-chart'

/** What the browser's locale writes for a fraction (the chart follows the locale; the fractions are what is tested). */
const percent = (fraction: number) => new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 }).format(fraction)
const count = (value: number) => new Intl.NumberFormat(undefined).format(value)

const stats: OfferStats = {
  views: 1000,
  opt_ins: 125,
  opt_in_rate: 0.125,
  orders: 32,
  paid_orders: 25,
  free_completions: 5,
  bump_take_rate: 0.4,
  upsell_take_rate: 0.3333,
  revenue: '1250.00',
  revenue_per_view: '1.25',
  revenue_per_visitor: '1.25',
  after_purchase_steps: [],
  currency: 2,
  from: '2025-01-01',
  to: '2025-01-30',
  time_zone: 'UTC',
  daily: [],
}

const steps = () =>
  within(screen.getByRole('list', { name: 'Funnel' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent)

describe('FunnelChart', () => {
  it('lists views, opt-ins, paid orders, free completions, bump and upsell, each step a percentage of the one before', () => {
    render(<FunnelChart stats={stats} />)

    expect(steps()).toEqual([
      `Views: ${count(1000)}`,
      `Opt-ins: 125${percent(0.125)} of views`,
      `Paid orders: 25${percent(0.2)} of opt-ins`,
      `Free completions: 5${percent(0.04)} of opt-ins`,
      `With bump${percent(0.4)} of completed checkouts`,
      `With OTO${percent(0.3333)} of checkouts shown the OTO`,
    ])
  })

  it('says an add-on is not attached instead of showing its take rate as 0 %', () => {
    render(<FunnelChart stats={{ ...stats, bump_take_rate: 0, upsell_take_rate: 0 }} attached={{ bump: true, upsell: false }} />)

    expect(steps().slice(-2)).toEqual([`With bump${percent(0)} of completed checkouts`, 'With OTONo OTO attached'])
  })

  it('names the after-purchase steps where an offer has them and no OTO', () => {
    render(<FunnelChart stats={stats} attached={{ bump: true, upsell: false, afterPurchaseSteps: 2 }} />)
    expect(steps().at(-1)).toBe('With OTOAfter purchase: 2 steps')
    // No bar under it: an empty one read as a take rate of 0 %.
    const items = within(screen.getByRole('list', { name: 'Funnel' })).getAllByRole('listitem')
    expect(items.at(-1)?.querySelector('[aria-hidden="true"]')).toBeNull()
    expect(items.at(-2)?.querySelector('[aria-hidden="true"]')).not.toBeNull()
  })

  it('shows revenue and revenue per view with the currency symbol', () => {
    render(<FunnelChart stats={stats} title="Ultimate Guide funnel" />)

    expect(screen.getByRole('list', { name: 'Ultimate Guide funnel' })).toBeInTheDocument()
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual(['Revenue', 'Revenue per view'])
    const values = screen.getAllByRole('definition').map((value) => value.textContent)
    expect(values).toEqual(['€1250.00', '€1.25'])
  })

  it('shows 0 % rather than dividing by nothing before the first view', () => {
    render(
      <FunnelChart
        stats={{
          ...stats,
          views: 0,
          opt_ins: 0,
          opt_in_rate: 0,
          orders: 0,
          paid_orders: 0,
          free_completions: 0,
          bump_take_rate: 0,
          upsell_take_rate: 0,
          revenue: '0.00',
          revenue_per_view: '0.00',
          currency: 1,
        }}
      />,
    )

    expect(steps()).toEqual([
      'Views: 0',
      `Opt-ins: 0${percent(0)} of views`,
      `Paid orders: 0${percent(0)} of opt-ins`,
      `Free completions: 0${percent(0)} of opt-ins`,
      `With bump${percent(0)} of completed checkouts`,
      `With OTO${percent(0)} of checkouts shown the OTO`,
    ])
    expect(screen.getAllByRole('definition').map((value) => value.textContent)).toEqual(['$0.00', '$0.00'])
  })

  it('keeps the bars out of what a screen reader reads', () => {
    const { container } = render(<FunnelChart stats={stats} />)

    expect(container.querySelectorAll('li > [aria-hidden="true"]')).toHaveLength(6)
  })
})
