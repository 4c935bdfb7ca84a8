import { bumpOfferSchema, freeOfferSchema, type OfferDropdownItem } from '@funnelry/shared'
import { screen, waitFor } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { freeOfferDraft } from '../../../lib/free-offer-draft'
import { bumpOffer, freeOffer, offerId } from '../../../testing/factories/offers'
import { renderApp } from '../../../testing/render'
import { mockMultipart, pngFile } from '../testing/multipart'
import { mockDropdowns, mockOfferStats } from '../testing/offer-api'
import BumpOfferFormPage from './bump-offer-form-page'
import FreeOfferFormPage from './free-offer-form-page'

const textbox = (name: string) => screen.getByRole('textbox', { name })

/** The free offer pages, the BUMP add screen, and a stand-in for everything else. */
const routes = [
  { path: '/dashboard/add-free-offer', element: <FreeOfferFormPage /> },
  { path: '/dashboard/edit-free-offer/:id', element: <FreeOfferFormPage /> },
  { path: '/dashboard/add-bump-offer', element: <BumpOfferFormPage /> },
  { path: '*', element: <p>Somewhere else</p> },
]

// Free offers show their funnel numbers (issue 6); these tests are about other things.
beforeEach(() => mockOfferStats())

describe('the free offer draft', () => {
  it("survives 'Add New' → BUMP add screen → save, and comes back with the new BUMP selected", async () => {
    const lists = mockDropdowns({ bumps: [] as OfferDropdownItem[], upsells: [] })
    const created = bumpOffer({ id: offerId(150), headline: 'Workbook' })
    mockMultipart('post', '/bump-offer/', bumpOfferSchema, () => {
      lists.bumps.push({ id: created.id, headline: created.headline })
      return HttpResponse.json(created, { status: 201 })
    })
    const saved = mockMultipart('post', '/free-product/', freeOfferSchema, () => HttpResponse.json(freeOffer(), { status: 201 }))
    const { user, router } = renderApp(null, { routes, url: '/dashboard/add-free-offer', signedIn: true })

    await user.type(textbox('Headline'), 'The Ultimate Guide')
    await user.type(textbox('Sub Headline'), 'Start here')
    await user.type(textbox('Asset URL'), 'https://files.example/guide.pdf')
    await user.click(screen.getByRole('checkbox', { name: 'Show Logo' }))
    await user.upload(screen.getByLabelText('Asset Image'), pngFile('cover.png', 100))
    await user.click(screen.getByRole('button', { name: 'Add New BUMP Offer' }))

    expect(await screen.findByRole('heading', { name: 'Add New BUMP Offer' })).toBeInTheDocument()
    expect(router.state.location.search).toBe('?returnTo=%2Fdashboard%2Fadd-free-offer')
    expect(freeOfferDraft.read()).toMatchObject({ offerId: null, values: { headline: 'The Ultimate Guide' }, show: { logo: false } })

    await user.type(textbox('Product URL'), 'https://files.example/workbook.pdf')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByRole('heading', { name: 'Add New Free Offer' })).toBeInTheDocument()
    expect(router.state.location.search).toBe(`?selectBump=${created.id}`)
    expect(textbox('Headline')).toHaveValue('The Ultimate Guide')
    expect(textbox('Sub Headline')).toHaveValue('Start here')
    expect(screen.getByRole('checkbox', { name: 'Show Logo' })).not.toBeChecked()
    expect(screen.getByRole('img', { name: 'Asset Image preview' })).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'BUMP Offer' })).toHaveTextContent('Workbook'))

    await user.type(textbox('Opt-in Button Text'), 'Get it now')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('Somewhere else')).toBeInTheDocument()
    expect(saved[0]).toMatchObject({
      headline: 'The Ultimate Guide',
      sub_headline: 'Start here',
      bump_offer_id: created.id,
      asset_image: { name: 'cover.png', type: 'image/png', size: 100 },
    })
    expect(saved[0]).not.toHaveProperty('logo')
    // Leaving the add form (here, after saving) clears the draft.
    expect(freeOfferDraft.read()).toBeNull()
  })

  it('is cleared when the seller leaves the add form any other way', async () => {
    mockDropdowns()
    vi.spyOn(window, 'open').mockReturnValue(null)
    const { user, router } = renderApp(null, { routes, url: '/dashboard/add-free-offer', signedIn: true })

    await user.type(textbox('Headline'), 'The Ultimate Guide')
    await user.click(screen.getByRole('button', { name: 'Preview' }))
    await waitFor(() => expect(freeOfferDraft.read()).not.toBeNull())

    await router.navigate('/dashboard/settings')
    // The form has changes: the seller confirms leaving (issue 15).
    await user.click(await screen.findByRole('button', { name: 'Leave' }))

    expect(await screen.findByText('Somewhere else')).toBeInTheDocument()
    expect(freeOfferDraft.read()).toBeNull()
    vi.restoreAllMocks()
  })

  it('belongs to its page: the add form does not take an edit form’s draft', async () => {
    mockDropdowns()
    freeOfferDraft.save({
      offerId: offerId(9),
      values: {
        headline: 'Edited',
        sub_headline: '',
        url: '',
        opt_in_button: '',
        is_active: true,
        bump_offer_id: '',
        upsell_offer_id: '',
        after_purchase: [],
      },
      show: { sub_headline: true, asset_image: true, logo: true },
      images: { asset_image: null, logo: null },
    })
    renderApp(null, { routes, url: '/dashboard/add-free-offer', signedIn: true })

    expect(await screen.findByRole('heading', { name: 'Add New Free Offer' })).toBeInTheDocument()
    expect(textbox('Headline')).toHaveValue('')
  })
})
