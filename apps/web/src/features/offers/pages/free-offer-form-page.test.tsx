import { freeOfferSchema, offerMessages } from '@funnelry/shared'
import { screen, waitFor } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { freeOfferDraft } from '../../../lib/free-offer-draft'
import { freeOffer, offerId } from '../../../testing/factories/offers'
import { findElsewhere, renderApp } from '../../../testing/render'
import { fieldErrors, mockMultipart, pngFile } from '../testing/multipart'
import { mockDropdowns, mockFreeOffer, mockOfferStats } from '../testing/offer-api'
import FreeOfferFormPage from './free-offer-form-page'

const addUrl = '/dashboard/add-free-offer'
const editPath = '/dashboard/edit-free-offer/:id'
const textbox = (name: string) => screen.getByRole('textbox', { name })
const bump = { id: offerId(101), headline: 'Workbook' }
const upsell = { id: offerId(201), headline: 'Video Course' }

async function fillRequired(user: ReturnType<typeof renderApp>['user']) {
  await user.type(textbox('Headline'), 'The Ultimate Guide')
  await user.type(textbox('Asset URL'), 'https://files.example/guide.pdf')
  await user.type(textbox('Opt-in Button Text'), 'Get it now')
}

async function choose(user: ReturnType<typeof renderApp>['user'], label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }))
  await user.click(await screen.findByRole('option', { name: option }))
}

// Free offers show their funnel numbers (issue 6); these tests are about other things.
beforeEach(() => mockOfferStats())

describe('Add New Free Offer', () => {
  it('validates with the spec’s messages and shows the price as 0, disabled', async () => {
    mockDropdowns()
    const { user } = renderApp(<FreeOfferFormPage />, { url: addUrl, signedIn: true })

    expect(screen.getByRole('heading', { name: 'Add New Free Offer' })).toBeInTheDocument()
    expect(textbox('Price')).toHaveValue('0')
    expect(textbox('Price')).toBeDisabled()

    await user.click(textbox('Headline'))
    await user.tab()
    expect(await screen.findByText('This field is required')).toBeInTheDocument()
    await user.type(textbox('Asset URL'), 'ftp://files.example')
    expect(await screen.findByText('Must be a valid URL starting with http:// or https://')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Save' }))
    // Headline and the button text; the URL keeps its own message.
    expect(await screen.findAllByText('This field is required')).toHaveLength(2)
  })

  it('sends the API’s fields only (no price): texts, unchecked ones empty, the chosen image, the dropdowns and is_active', async () => {
    mockDropdowns({ bumps: [bump], upsells: [upsell] })
    const bodies = mockMultipart('post', '/free-product/', freeOfferSchema, () => HttpResponse.json(freeOffer(), { status: 201 }))
    const { user } = renderApp(<FreeOfferFormPage />, { url: addUrl, signedIn: true })

    await fillRequired(user)
    await user.type(textbox('Sub Headline'), 'Hidden')
    await user.click(screen.getByRole('checkbox', { name: 'Show Sub Headline' }))
    expect(textbox('Sub Headline')).toBeDisabled()
    await user.upload(screen.getByLabelText('Asset Image'), pngFile('cover.png', 100))
    await choose(user, 'BUMP Offer', 'Workbook')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('Free Offer was successfully added.')).toBeInTheDocument()
    expect(await findElsewhere()).toBe('/dashboard/free-offers')
    expect(bodies).toEqual([
      {
        headline: 'The Ultimate Guide',
        sub_headline: '',
        url: 'https://files.example/guide.pdf',
        opt_in_button: 'Get it now',
        is_active: 'true',
        asset_image: { name: 'cover.png', type: 'image/png', size: 100 },
        bump_offer_id: bump.id,
        upsell_offer_id: '',
        after_purchase: '[]',
      },
    ])
  })

  it('puts the server’s field errors on the fields, including the dropdowns', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    mockDropdowns({ bumps: [bump], upsells: [upsell] })
    mockMultipart('post', '/free-product/', freeOfferSchema, () =>
      fieldErrors({ upsell_offer_id: ['The bump and the upsell must use the same currency.'], headline: ['Too similar.'] }),
    )
    const { user } = renderApp(<FreeOfferFormPage />, { url: addUrl, signedIn: true })

    await fillRequired(user)
    await choose(user, 'BUMP Offer', 'Workbook')
    await choose(user, 'OTO Offer', 'Video Course')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('The bump and the upsell must use the same currency.')).toBeInTheDocument()
    expect(textbox('Headline')).toHaveAccessibleDescription('Too similar.')
    expect(console.error).toHaveBeenCalledWith('The offer could not be saved.', expect.anything())
    vi.restoreAllMocks()
  })

  it('shows under Active why an offer with a paid BUMP cannot go live yet (D27), and explains the price', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    mockDropdowns({ bumps: [bump], upsells: [upsell] })
    mockMultipart('post', '/free-product/', freeOfferSchema, () => fieldErrors({ is_active: [offerMessages.connectPaymentsFirst] }))
    const { user } = renderApp(<FreeOfferFormPage />, { url: addUrl, signedIn: true })

    expect(textbox('Price')).toHaveAccessibleDescription(/always free/)
    await fillRequired(user)
    await choose(user, 'BUMP Offer', 'Workbook')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByRole('switch', { name: 'Active', description: offerMessages.connectPaymentsFirst })).toBeInvalid()
    vi.restoreAllMocks()
  })

  it('Cancel resets the form', async () => {
    mockDropdowns()
    const { user } = renderApp(<FreeOfferFormPage />, { url: addUrl, signedIn: true })

    await fillRequired(user)
    await user.click(screen.getByRole('switch', { name: 'Active' }))
    await user.click(screen.getByRole('button', { name: 'Cancel' }))

    expect(textbox('Headline')).toHaveValue('')
    expect(screen.getByRole('switch', { name: 'Active' })).toBeChecked()
  })

  it('Preview stores the draft and opens /free-offer in a new tab', async () => {
    mockDropdowns()
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    const { user } = renderApp(<FreeOfferFormPage />, { url: addUrl, signedIn: true })

    await fillRequired(user)
    await user.click(screen.getByRole('button', { name: 'Preview' }))

    await waitFor(() => expect(open).toHaveBeenCalledWith('/free-offer', '_blank'))
    expect(freeOfferDraft.read()).toMatchObject({ offerId: null, values: { headline: 'The Ultimate Guide', opt_in_button: 'Get it now' } })
    open.mockRestore()
  })
})

describe('Edit Free Offer', () => {
  const offer = freeOffer({ bump_offer_id: bump.id, logo: '/media/logo.png' })
  const editUrl = `/dashboard/edit-free-offer/${offer.id}`

  it('starts from the offer and leaves unchanged images out', async () => {
    mockDropdowns({ bumps: [bump], upsells: [upsell] })
    mockFreeOffer(offer)
    const bodies = mockMultipart('put', '/free-product/:id/', freeOfferSchema, () => HttpResponse.json({ ...offer, is_active: false }))
    const { user } = renderApp(<FreeOfferFormPage />, { url: editUrl, path: editPath, signedIn: true })

    expect(await screen.findByRole('heading', { name: 'Edit Free Offer' })).toBeInTheDocument()
    expect(textbox('Headline')).toHaveValue(offer.headline)
    expect(textbox('Sub Headline')).toHaveValue(offer.sub_headline)
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'BUMP Offer' })).toHaveTextContent('Workbook'))
    expect(screen.getByRole('img', { name: 'Logo preview' })).toHaveAttribute('src', '/media/logo.png')

    await user.click(screen.getByRole('switch', { name: 'Active' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('Free Offer was successfully updated.')).toBeInTheDocument()
    expect(bodies).toEqual([
      {
        headline: offer.headline,
        sub_headline: 'Everything you need to start',
        url: 'https://files.example/guide.pdf',
        opt_in_button: 'Get it now',
        is_active: 'false',
        bump_offer_id: bump.id,
        upsell_offer_id: '',
        after_purchase: '[]',
      },
    ])
  })

  it('sends a hidden image empty, which removes it', async () => {
    mockDropdowns()
    mockFreeOffer(offer)
    const bodies = mockMultipart('put', '/free-product/:id/', freeOfferSchema, () => HttpResponse.json(offer))
    const { user } = renderApp(<FreeOfferFormPage />, { url: editUrl, path: editPath, signedIn: true })

    await user.click(await screen.findByRole('checkbox', { name: 'Show Logo' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(bodies).toHaveLength(1))
    expect(bodies[0]?.logo).toBe('')
    expect(bodies[0]).not.toHaveProperty('asset_image')
  })

  it('Cancel goes to the free offers list', async () => {
    mockDropdowns()
    mockFreeOffer(offer)
    const { user } = renderApp(<FreeOfferFormPage />, { url: editUrl, path: editPath, signedIn: true })

    await user.click(await screen.findByRole('button', { name: 'Cancel' }))

    expect(await findElsewhere()).toBe('/dashboard/free-offers')
  })

  it("'Add New' leaves for the OTO add screen with the edit page as the return hint", async () => {
    mockDropdowns()
    mockFreeOffer(offer)
    const { user } = renderApp(<FreeOfferFormPage />, { url: editUrl, path: editPath, signedIn: true })

    await user.click(await screen.findByRole('button', { name: 'Add New OTO Offer' }))

    expect(await findElsewhere()).toBe(`/dashboard/add-oto-offer?returnTo=${encodeURIComponent(editUrl)}`)
    expect(freeOfferDraft.read()).toMatchObject({ offerId: offer.id, images: { asset_image: '/media/guide.png', logo: '/media/logo.png' } })
  })
})
