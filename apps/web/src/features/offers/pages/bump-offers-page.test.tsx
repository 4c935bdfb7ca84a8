import { bumpOfferListSchema } from '@funnelry/shared'
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { bumpOffer, offerId, pageOf } from '../../../testing/factories/offers'
import { apiHandler, server } from '../../../testing/msw'
import { renderApp } from '../../../testing/render'
import BumpOffersPage from './bump-offers-page'

const url = '/dashboard/bump-offers'

describe('BUMP Offers page', () => {
  it('shows image, headline, description, the old price struck through and the new price with their symbol, and Edit', async () => {
    server.use(
      apiHandler('get', '/bump-offer/', bumpOfferListSchema, () =>
        HttpResponse.json(
          pageOf([
            bumpOffer(),
            bumpOffer({ id: offerId(102), headline: 'Templates', currency: 3, old_price: null, new_price: '5.00', asset_image: null }),
          ]),
        ),
      ),
    )
    renderApp(<BumpOffersPage />, { url, signedIn: true })

    expect(screen.getByRole('link', { name: 'Add New' })).toHaveAttribute('href', '/dashboard/add-bump-offer')
    const workbook = (await screen.findByRole('heading', { name: 'Workbook' })).closest('li') as HTMLElement
    expect(within(workbook).getByRole('img', { name: 'Workbook' })).toHaveAttribute('src', '/media/workbook.png')
    expect(within(workbook).getByText('Printable exercises')).toBeInTheDocument()
    expect(within(workbook).getByText('$19.00').tagName).toBe('DEL')
    expect(within(workbook).getByText('$9.99').closest('del')).toBeNull()
    expect(within(workbook).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/dashboard/edit-bump-offer/${offerId(101)}`)

    const templates = screen.getByRole('heading', { name: 'Templates' }).closest('li') as HTMLElement
    expect(within(templates).getByText('£5.00')).toBeInTheDocument()
    expect(within(templates).getByRole('img', { name: 'No image' })).toBeInTheDocument()
  })

  it("says 'No Results found' when there are none", async () => {
    server.use(apiHandler('get', '/bump-offer/', bumpOfferListSchema, () => HttpResponse.json(pageOf([]))))
    renderApp(<BumpOffersPage />, { url, signedIn: true })

    expect(await screen.findByText('No Results found')).toBeInTheDocument()
  })

  it('asks for the page of the page query parameter and changes it from the page links', async () => {
    const asked: string[] = []
    server.use(
      apiHandler('get', '/bump-offer/', bumpOfferListSchema, ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('page') ?? '')
        return HttpResponse.json(pageOf([bumpOffer()], 13))
      }),
    )
    const { user, router } = renderApp(<BumpOffersPage />, { url, signedIn: true })

    await user.click(await screen.findByRole('link', { name: 'Go to page 2' }))

    await waitFor(() => expect(router.state.location.search).toBe('?page=2'))
    await waitFor(() => expect(asked).toContain('2'))
    expect(screen.getByRole('link', { name: 'page 2' })).toHaveAttribute('aria-current', 'page')
  })
})
