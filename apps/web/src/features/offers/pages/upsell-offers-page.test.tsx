import { upsellOfferListSchema } from '@funnelry/shared'
import { screen, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { offerId, pageOf, upsellOffer } from '../../../testing/factories/offers'
import { apiHandler, server } from '../../../testing/msw'
import { renderApp } from '../../../testing/render'
import UpsellOffersPage from './upsell-offers-page'

const url = '/dashboard/oto-offers'

describe('OTO Offers page', () => {
  it('shows image, headline, description, the price with its symbol, View Offer in a new tab and Edit', async () => {
    server.use(apiHandler('get', '/upsell-offer/', upsellOfferListSchema, () => HttpResponse.json(pageOf([upsellOffer()]))))
    renderApp(<UpsellOffersPage />, { url, signedIn: true })

    expect(screen.getByRole('link', { name: 'Add New' })).toHaveAttribute('href', '/dashboard/add-oto-offer')
    const course = (await screen.findByRole('heading', { name: 'Video Course' })).closest('li') as HTMLElement
    expect(within(course).getByRole('img', { name: 'No image' })).toBeInTheDocument()
    expect(within(course).getByText('Twelve lessons')).toBeInTheDocument()
    expect(within(course).getByText('€49.00')).toBeInTheDocument()
    const view = within(course).getByRole('link', { name: 'View Offer' })
    expect(view).toHaveAttribute('href', `/oto-offer/${offerId(201)}`)
    expect(view).toHaveAttribute('target', '_blank')
    expect(within(course).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/dashboard/edit-oto-offer/${offerId(201)}`)
  })

  it("says 'No Results found' when there are none, and hides the page links for one page", async () => {
    server.use(apiHandler('get', '/upsell-offer/', upsellOfferListSchema, () => HttpResponse.json(pageOf([]))))
    renderApp(<UpsellOffersPage />, { url, signedIn: true })

    expect(await screen.findByText('No Results found')).toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'pagination navigation' })).not.toBeInTheDocument()
  })

  it('offers a retry when the list cannot be loaded', async () => {
    let failing = true
    server.use(
      apiHandler('get', '/upsell-offer/', upsellOfferListSchema, () =>
        failing ? new HttpResponse(null, { status: 500 }) : HttpResponse.json(pageOf([upsellOffer()])),
      ),
    )
    const { user } = renderApp(<UpsellOffersPage />, { url, signedIn: true })

    const retry = await screen.findByRole('button', { name: 'Retry' })
    failing = false
    await user.click(retry)

    expect(await screen.findByRole('heading', { name: 'Video Course' })).toBeInTheDocument()
  })
})
