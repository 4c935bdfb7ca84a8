import { describe, expect, it } from 'vitest'
import { bump, upsell } from '../../../testing/factories/funnel'
import { orderSummary } from './order-total'

const offer = { bump_offer: bump, upsell_offer: upsell }

describe('orderSummary', () => {
  it('has no lines and a zero total when nothing is chosen', () => {
    expect(orderSummary(offer, { bump: false, upsell: false })).toEqual({ lines: [], totalCents: 0, symbol: '$' })
  })

  it('adds the bump new_price and the upsell product_price in cents', () => {
    const summary = orderSummary(offer, { bump: true, upsell: true })
    expect(summary.lines).toEqual([
      { key: 'bump', label: 'The checklist pack', cents: 1900 },
      { key: 'upsell', label: 'The video masterclass', cents: 3350 },
    ])
    expect(summary.totalCents).toBe(5250)
  })

  it('does not drift like floating point does (0.10 + 0.20)', () => {
    const summary = orderSummary(
      { bump_offer: { ...bump, new_price: '0.10' }, upsell_offer: { ...upsell, product_price: '0.20' } },
      { bump: true, upsell: true },
    )
    expect(summary.totalCents).toBe(30)
  })

  it("uses the offers' currency symbol", () => {
    const euro = { bump_offer: { ...bump, currency: 2 }, upsell_offer: { ...upsell, currency: 2 } }
    expect(orderSummary(euro, { bump: true, upsell: false }).symbol).toBe('€')
  })

  it('ignores a choice whose offer is not attached', () => {
    expect(orderSummary({ bump_offer: null, upsell_offer: null }, { bump: true, upsell: true }).totalCents).toBe(0)
  })
})
