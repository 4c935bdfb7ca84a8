import { type FreeOffer, freeOfferListSchema, freeOfferSchema } from '@funnelry/shared'
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { freeOffer, offerId, pageOf } from '../../../testing/factories/offers'
import { type ApiResolver, apiHandler, server } from '../../../testing/msw'
import { renderApp } from '../../../testing/render'
import { mockOfferStats } from '../testing/offer-api'
import FreeOffersPage from './free-offers-page'

const url = '/dashboard/free-offers'

function mockList(offers: FreeOffer[], count = offers.length) {
  const pages: string[] = []
  server.use(
    apiHandler('get', '/free-product/', freeOfferListSchema, ({ request }) => {
      const params = new URL(request.url).searchParams
      pages.push(`${params.get('page')}/${params.get('page_size')}`)
      return HttpResponse.json(pageOf(offers, count))
    }),
  )
  return pages
}

/** The PATCH bodies the switch sends, answered by `respond`. */
function mockActivation(respond: (isActive: string) => ReturnType<ApiResolver<typeof freeOfferSchema>>) {
  const bodies: Record<string, FormDataEntryValue>[] = []
  server.use(
    apiHandler('patch', '/free-product/:id/', freeOfferSchema, async ({ request }) => {
      const form = await request.formData()
      bodies.push(Object.fromEntries(form))
      return respond(String(form.get('is_active')))
    }),
  )
  return bodies
}

/** The picture of a card: the part that is faded when the offer is inactive. */
const cardPicture = (card: HTMLElement) => card.querySelector('.MuiCardContent-root')?.previousElementSibling

const card = async (headline: string) => (await screen.findByRole('heading', { name: headline })).closest('li') as HTMLElement

// Free offers show their funnel numbers (issue 6); these tests are about other things.
beforeEach(() => mockOfferStats())

describe('Free Offers page', () => {
  it('shows each offer as the spec describes its card', async () => {
    const withImage = freeOffer()
    const withoutImage = freeOffer({ id: offerId(2), headline: 'Checklist', sub_headline: null, asset_image: null, is_active: false })
    const pages = mockList([withImage, withoutImage])
    renderApp(<FreeOffersPage />, { url, signedIn: true })

    expect(screen.getByRole('heading', { name: 'Free Offers' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Add New' })).toHaveAttribute('href', '/dashboard/add-free-offer')

    const first = await card('The Ultimate Guide')
    expect(within(first).getByText('Everything you need to start')).toBeInTheDocument()
    expect(within(first).getByRole('img', { name: 'The Ultimate Guide' })).toHaveAttribute('src', '/media/guide.png')
    const view = within(first).getByRole('link', { name: 'View Offer' })
    expect(view).toHaveAttribute('href', `/free-offer/${withImage.id}?isPreview=true`)
    expect(view).toHaveAttribute('target', '_blank')
    expect(within(first).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/dashboard/edit-free-offer/${withImage.id}`)
    expect(within(first).getByRole('switch', { name: 'Active' })).toBeChecked()

    const second = await card('Checklist')
    expect(within(second).getByRole('img', { name: 'No image' })).toBeInTheDocument()
    expect(within(second).getByRole('switch', { name: 'Active' })).not.toBeChecked()
    // Inactive cards are dimmed: the picture fades; text keeps its contrast, actions stay readable.
    expect(cardPicture(second)).toHaveStyle({ opacity: '0.5' })
    expect(cardPicture(first)).toHaveStyle({ opacity: '1' })
    expect(new Set(pages)).toEqual(new Set(['1/12']))
  })

  it('copies the offer’s show_url', async () => {
    mockList([freeOffer()])
    const { user } = renderApp(<FreeOffersPage />, { url, signedIn: true })

    await user.click(within(await card('The Ultimate Guide')).getByRole('button', { name: 'Copy URL' }))

    expect(await screen.findByText('Copied')).toBeInTheDocument()
    await expect(navigator.clipboard.readText()).resolves.toBe(freeOffer().show_url)
  })

  it("says 'No Results found' when there are no offers, without page links", async () => {
    mockList([])
    renderApp(<FreeOffersPage />, { url, signedIn: true })

    expect(await screen.findByText('No Results found')).toBeInTheDocument()
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument()
  })

  it('shows a loading state until the list arrives', async () => {
    mockList([freeOffer()])
    renderApp(<FreeOffersPage />, { url, signedIn: true })

    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument()
    await card('The Ultimate Guide')
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument()
  })

  it('deactivates an offer: PATCHes is_active, updates the card from the response and toasts', async () => {
    const offer = freeOffer()
    mockList([offer])
    const bodies = mockActivation((isActive) => HttpResponse.json({ ...offer, is_active: isActive === 'true' }))
    const { user } = renderApp(<FreeOffersPage />, { url, signedIn: true })

    const toggle = within(await card(offer.headline)).getByRole('switch', { name: 'Active' })
    await user.click(toggle)

    expect(await screen.findByText('Free Offer was successfully deactivated.')).toBeInTheDocument()
    expect(toggle).not.toBeChecked()
    expect(bodies).toEqual([{ is_active: 'false' }])

    await user.click(toggle)
    expect(await screen.findByText('Free Offer was successfully activated.')).toBeInTheDocument()
    expect(toggle).toBeChecked()
  })

  it("shows the response's detail when the switch fails, and keeps the card as it was", async () => {
    mockList([freeOffer()])
    mockActivation(() => HttpResponse.json({ detail: 'Connect a payment account first.' }, { status: 400 }))
    const { user } = renderApp(<FreeOffersPage />, { url, signedIn: true })

    const toggle = within(await card('The Ultimate Guide')).getByRole('switch', { name: 'Active' })
    await user.click(toggle)

    expect(await screen.findByText('Connect a payment account first.')).toBeInTheDocument()
    await waitFor(() => expect(toggle).toBeEnabled())
    expect(toggle).toBeChecked()
  })

  it("says 'Something went wrong.' when a failed switch has no detail", async () => {
    mockList([freeOffer()])
    mockActivation(() => new HttpResponse(null, { status: 500 }))
    const { user } = renderApp(<FreeOffersPage />, { url, signedIn: true })

    await user.click(within(await card('The Ultimate Guide')).getByRole('switch', { name: 'Active' }))

    expect(await screen.findByText('Something went wrong.')).toBeInTheDocument()
  })

  it('pages through the list with the page query parameter', async () => {
    const pages = mockList([freeOffer()], 30)
    const { user, router } = renderApp(<FreeOffersPage />, { url: `${url}?page=2`, signedIn: true })

    await card('The Ultimate Guide')
    const pagination = screen.getByRole('navigation', { name: 'pagination navigation' })
    expect(within(pagination).getByRole('link', { name: 'page 2' })).toHaveAttribute('aria-current', 'page')

    await user.click(within(pagination).getByRole('link', { name: 'Go to page 3' }))
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'))
    await user.click(within(pagination).getByRole('link', { name: 'Go to page 1' }))
    await waitFor(() => expect(router.state.location.search).toBe(''))
    // Strict mode reads the first page twice in development.
    await waitFor(() => expect([...new Set(pages)]).toEqual(['2/12', '3/12', '1/12']))
  })

  it('sends a page past the end back to the last page', async () => {
    mockList([], 30)
    const { router } = renderApp(<FreeOffersPage />, { url: `${url}?page=99`, signedIn: true })
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'))
  })
})
