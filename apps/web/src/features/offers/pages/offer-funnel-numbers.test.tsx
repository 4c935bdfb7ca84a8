import { freeOfferListSchema } from '@funnelry/shared'
import { screen, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { freeOffer, offerId, pageOf } from '../../../testing/factories/offers'
import { apiHandler, server } from '../../../testing/msw'
import { renderApp } from '../../../testing/render'
import { mockDropdowns, mockFreeOffer, mockOfferStats, offerStats } from '../testing/offer-api'
import FreeOfferFormPage from './free-offer-form-page'
import FreeOffersPage from './free-offers-page'

describe("a free offer's funnel numbers (issue 6)", () => {
  it('shows on each card: views, opt-ins, paid orders, free completions, bump and upsell take rates, revenue', async () => {
    const withAddOns = freeOffer({ bump_offer_id: offerId(101), upsell_offer_id: offerId(201) })
    server.use(apiHandler('get', '/free-product/', freeOfferListSchema, () => HttpResponse.json(pageOf([withAddOns]))))
    mockOfferStats(offerStats())
    renderApp(<FreeOffersPage />, { url: '/dashboard/free-offers', signedIn: true })

    const funnel = await screen.findByRole('list', { name: 'Funnel' })
    const steps = within(funnel)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(steps[0]).toContain('Views: 200')
    expect(steps[1]).toContain('Opt-ins: 50')
    expect(steps[1]).toContain('25% of views')
    expect(steps[2]).toContain('Paid orders: 10')
    // Decision D21: checkouts with nothing to pay are counted apart from paid orders.
    expect(steps[3]).toContain('Free completions: 4')
    expect(steps[4]).toContain('40% of completed checkouts')
    expect(steps[5]).toContain('50% of checkouts shown the OTO')
    expect(screen.getByText('$310.00')).toBeInTheDocument()
  })

  it('says which add-ons the offer lacks rather than a 0 % take rate', async () => {
    server.use(apiHandler('get', '/free-product/', freeOfferListSchema, () => HttpResponse.json(pageOf([freeOffer()]))))
    mockOfferStats(offerStats())
    renderApp(<FreeOffersPage />, { url: '/dashboard/free-offers', signedIn: true })

    const funnel = await screen.findByRole('list', { name: 'Funnel' })
    const steps = within(funnel).getAllByRole('listitem')
    expect(steps[4]).toHaveTextContent('No bump attached')
    expect(steps[5]).toHaveTextContent('No OTO attached')
  })

  it('leaves the card usable when the numbers cannot be read', async () => {
    server.use(apiHandler('get', '/free-product/', freeOfferListSchema, () => HttpResponse.json(pageOf([freeOffer()]))))
    mockOfferStats('error')
    renderApp(<FreeOffersPage />, { url: '/dashboard/free-offers', signedIn: true })
    await screen.findByRole('link', { name: 'Edit' })
    expect(screen.queryByRole('list', { name: 'Funnel' })).not.toBeInTheDocument()
  })

  it('shows on the edit page with links to the offer’s leads and orders', async () => {
    const offer = freeOffer()
    mockFreeOffer(offer)
    mockDropdowns()
    mockOfferStats(offerStats({ views: 7 }))
    renderApp(<FreeOfferFormPage />, {
      url: `/dashboard/edit-free-offer/${offer.id}`,
      path: '/dashboard/edit-free-offer/:id',
      signedIn: true,
    })

    await screen.findByRole('heading', { name: 'Funnel numbers' })
    const funnel = await screen.findByRole('list', { name: 'Funnel' })
    expect(within(funnel).getAllByRole('listitem')[0]).toHaveTextContent('Views: 7')
    expect(screen.getByRole('link', { name: 'See leads' })).toHaveAttribute('href', `/dashboard/leads?free_offer=${offer.id}`)
    expect(screen.getByRole('link', { name: 'See orders' })).toHaveAttribute('href', `/dashboard/orders?free_offer=${offer.id}`)
  })
})
