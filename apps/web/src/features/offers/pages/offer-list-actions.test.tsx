import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { bumpOffer, freeOffer, offerId, upsellOffer } from '../../../testing/factories/offers'
import { renderApp } from '../../../testing/render'
import { mockOfferStats } from '../testing/offer-api'
import { mockOfferLifecycle } from '../testing/offer-lifecycle-api'
import BumpOffersPage from './bump-offers-page'
import FreeOffersPage from './free-offers-page'
import UpsellOffersPage from './upsell-offers-page'

// The first list of a test waits for the lazily loaded list screen (the wait's bound is in testing/setup.ts).
const card = async (headline: string) => (await screen.findByRole('heading', { name: headline })).closest('li') as HTMLElement
const menuOf = async (headline: string) => within(await card(headline)).getByRole('button', { name: `More actions for ${headline}` })

// Free offer cards show their funnel numbers (issue 6); these tests are about other things.
beforeEach(() => mockOfferStats())

// Each test is a few round trips through menus, dialogs and refetches: on a loaded 2-core machine
// that takes longer than the default 15 s.
const slow = { timeout: 40_000 }

describe('offer lists: duplicate, archive, restore, delete (issue 15)', slow, () => {
  it('duplicates a free offer from its ⋮ menu: a toast, and the copy in the list', async () => {
    const api = mockOfferLifecycle('free', [freeOffer({ headline: 'Guide' })])
    const { user } = renderApp(<FreeOffersPage />, { url: '/dashboard/free-offers', signedIn: true })

    await user.click(await menuOf('Guide'))
    await user.click(screen.getByRole('menuitem', { name: 'Duplicate' }))

    expect(await screen.findByText('Free Offer was successfully duplicated.')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Copy of Guide' })).toBeInTheDocument()
    expect(api.state.calls).toEqual([`duplicate ${offerId(1)}`])
  })

  it('archives an offer, finds it in the Archived view (in the URL) and restores it', async () => {
    mockOfferLifecycle('bump', [bumpOffer({ headline: 'Workbook' }), bumpOffer({ id: offerId(102), headline: 'Templates' })])
    const { user, router } = renderApp(<BumpOffersPage />, { url: '/dashboard/bump-offers', signedIn: true })

    await user.click(await menuOf('Workbook'))
    await user.click(screen.getByRole('menuitem', { name: 'Archive' }))
    expect(await screen.findByText('BUMP Offer was successfully archived.')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Workbook' })).not.toBeInTheDocument())

    await user.click(screen.getByRole('button', { name: 'Archived' }))
    expect(router.state.location.search).toBe('?archived=true')
    await user.click(await menuOf('Workbook'))
    expect(screen.queryByRole('menuitem', { name: 'Archive' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('menuitem', { name: 'Restore' }))

    expect(await screen.findByText('BUMP Offer was successfully restored.')).toBeInTheDocument()
    expect(await screen.findByText('No archived offers', { exact: false })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Active' }))
    expect(await screen.findByRole('heading', { name: 'Workbook' })).toBeInTheDocument()
  })

  it('deletes only after the seller confirms; Cancel keeps the offer', async () => {
    const api = mockOfferLifecycle('upsell', [upsellOffer({ headline: 'Course' })])
    const { user } = renderApp(<UpsellOffersPage />, { url: '/dashboard/upsell-offers', signedIn: true })

    await user.click(await menuOf('Course'))
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }))
    // The API said it can go, so the seller is asked.
    const dialog = await screen.findByRole('dialog', { name: 'Delete "Course"?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(api.state.calls).toEqual([])

    await user.click(await menuOf('Course'))
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete "Course"?' })).getByRole('button', { name: 'Delete' }))

    expect(await screen.findByText('OTO Offer was successfully deleted.')).toBeInTheDocument()
    expect(await screen.findByText('No Results found')).toBeInTheDocument()
    expect(api.state.calls).toEqual([`delete ${offerId(201)}`])
  })

  it('explains a refused delete of an add-on a free offer uses: which offers, each a link to detach it there', async () => {
    const api = mockOfferLifecycle('bump', [bumpOffer({ headline: 'Workbook' })])
    api.refuse('delete', offerId(101), {
      detail: 'This BUMP offer is used by the free offer "Guide". Detach it there first.',
      used_by: [{ id: offerId(1), headline: 'Guide' }],
    })
    const { user } = renderApp(<BumpOffersPage />, { url: '/dashboard/bump-offers', signedIn: true })

    await user.click(await menuOf('Workbook'))
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }))

    // Not asked to confirm a delete that cannot happen: the refusal shows at once.
    const dialog = await screen.findByRole('dialog', { name: `"Workbook" can't be deleted yet` })
    expect(screen.queryByRole('dialog', { name: 'Delete "Workbook"?' })).not.toBeInTheDocument()
    expect(dialog).toHaveTextContent('These free offers use this BUMP offer. Open each one, remove it there and save; then delete it.')
    expect(within(dialog).getByRole('link', { name: 'Guide' })).toHaveAttribute('href', `/dashboard/edit-free-offer/${offerId(1)}`)
    expect(within(dialog).queryByRole('button', { name: 'Archive instead' })).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await screen.findByRole('heading', { name: 'Workbook' })).toBeInTheDocument()
  })

  it('offers to archive a free offer whose delete was refused for its leads', async () => {
    const api = mockOfferLifecycle('free', [freeOffer({ headline: 'Guide' })])
    const detail = 'This free offer has 3 leads. Archive it instead: archived offers keep their leads and orders.'
    api.refuse('delete', offerId(1), { detail, used_by: [] })
    const { user } = renderApp(<FreeOffersPage />, { url: '/dashboard/free-offers', signedIn: true })

    await user.click(await menuOf('Guide'))
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }))
    const dialog = await screen.findByRole('dialog', { name: `"Guide" can't be deleted yet` })
    expect(screen.queryByRole('dialog', { name: 'Delete "Guide"?' })).not.toBeInTheDocument()
    expect(dialog).toHaveTextContent(detail)
    await user.click(within(dialog).getByRole('button', { name: 'Archive instead' }))

    expect(await screen.findByText('Free Offer was successfully archived.')).toBeInTheDocument()
    expect(api.state.calls).toEqual([`archive ${offerId(1)}`])
  })
})

describe('offer lists: search and order (issue 15)', slow, () => {
  it('searches headlines once typing pauses and keeps the search in the URL', async () => {
    const api = mockOfferLifecycle('free', [freeOffer({ headline: 'Guide' }), freeOffer({ id: offerId(2), headline: 'Checklist' })])
    const { user, router } = renderApp(<FreeOffersPage />, { url: '/dashboard/free-offers', signedIn: true })
    await card('Checklist')

    await user.type(screen.getByRole('searchbox', { name: 'Search headlines' }), 'gui')

    await waitFor(() => expect(router.state.location.search).toBe('?search=gui'))
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Checklist' })).not.toBeInTheDocument())
    expect(screen.getByRole('heading', { name: 'Guide' })).toBeInTheDocument()
    // Not a count of requests: on a loaded machine a pause between two keys may well search twice.
    expect(api.state.listed.at(-1)?.get('search')).toBe('gui')
  })

  it('says what was searched for when nothing matches, and that nothing is archived', async () => {
    mockOfferLifecycle('upsell', [upsellOffer({ headline: 'Course' })])
    const { user } = renderApp(<UpsellOffersPage />, { url: '/dashboard/upsell-offers?search=guix', signedIn: true })

    expect(await screen.findByText('No offers match "guix".', {})).toBeInTheDocument()
    await user.clear(screen.getByRole('searchbox', { name: 'Search headlines' }))
    await user.click(screen.getByRole('button', { name: 'Archived' }))
    expect(await screen.findByText(/^No archived offers\./, {})).toBeInTheDocument()
  })

  it('reads search, order and view from the URL and changes the order from the Sort select', async () => {
    const api = mockOfferLifecycle('bump', [
      bumpOffer({ headline: 'Old', created_at: '2025-01-01T00:00:00.000Z', archived_at: '2025-02-01T00:00:00.000Z' }),
      bumpOffer({ id: offerId(102), headline: 'Older', created_at: '2024-01-01T00:00:00.000Z', archived_at: '2025-02-01T00:00:00.000Z' }),
    ])
    const { user, router } = renderApp(<BumpOffersPage />, { url: '/dashboard/bump-offers?archived=true&search=old', signedIn: true })

    expect(screen.getByRole('searchbox', { name: 'Search headlines' })).toHaveValue('old')
    expect(screen.getByRole('button', { name: 'Archived' })).toHaveAttribute('aria-pressed', 'true')
    const headlines = async () => (await screen.findAllByRole('heading', { level: 2 })).map((heading) => heading.textContent)
    expect(await headlines()).toEqual(['Old', 'Older'])

    await user.click(screen.getByRole('combobox', { name: 'Sort' }))
    await user.click(screen.getByRole('option', { name: 'Oldest first' }))

    expect(new URLSearchParams(router.state.location.search).get('ordering')).toBe('oldest')
    await waitFor(async () => expect(await headlines()).toEqual(['Older', 'Old']))
    expect(Object.fromEntries(api.state.listed.at(-1) ?? [])).toMatchObject({ archived: 'true', search: 'old', ordering: 'oldest' })
  })
})
