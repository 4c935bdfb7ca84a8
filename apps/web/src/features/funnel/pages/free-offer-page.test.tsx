import { messages } from '@funnelry/shared'
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { makeOffer, offerId } from '../../../testing/factories/funnel'
import { findElsewhere } from '../../../testing/render'
import { previewNotice } from '../hooks/use-checkout'
import { forgetInlinedOffer, inlinedOfferElementId } from '../lib/inlined-offer'
import { mockFunnelApi } from '../testing/mock-funnel-api'
import { optIn, renderOfferPage } from '../testing/render-funnel'
import { resetSellerTracking } from '../tracking/seller-scripts'

afterEach(() => {
  delete document.documentElement.dataset.pixelRan
  // A new page load: no seller script of this test is left in <head> for the next.
  resetSellerTracking()
  for (const script of document.head.querySelectorAll('script')) script.remove()
  document.getElementById(inlinedOfferElementId)?.remove()
  forgetInlinedOffer()
})

describe('public free offer page', () => {
  it('shows the offer top to bottom: logo, image, headline, sub headline, FREE, the opt-in button and the bump card', async () => {
    mockFunnelApi()
    const { container } = renderOfferPage()

    const headline = await screen.findByRole('heading', { level: 1, name: 'The 7-day launch guide' })
    const logo = screen.getByRole('img', { name: 'The 7-day launch guide' })
    const cover = container.querySelector('img[src="/media/cover.png"]')
    const subHeadline = screen.getByText('Everything you need to ship your first product.')
    const price = screen.getByText('FREE')
    const optIn = screen.getByRole('button', { name: 'Send me the guide' })
    const bumpCard = screen.getByRole('region', { name: 'Add to order' })
    const inOrder = [logo, cover, headline, subHeadline, price, optIn, bumpCard]
    for (let i = 1; i < inOrder.length; i++) {
      // biome-ignore lint/style/noNonNullAssertion: the elements above were all found
      expect(inOrder[i - 1]!.compareDocumentPosition(inOrder[i]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    }

    expect(within(bumpCard).getByRole('checkbox', { name: 'Add to order' })).not.toBeChecked()
    expect(within(bumpCard).getByText('The checklist pack')).toBeInTheDocument()
    expect(within(bumpCard).getByText('Ten printable checklists.')).toBeInTheDocument()
    const oldPrice = within(bumpCard).getByLabelText('Old price')
    expect(oldPrice.tagName).toBe('S')
    expect(oldPrice).toHaveTextContent('$49.00')
    expect(within(bumpCard).getByLabelText('New price')).toHaveTextContent('$19.00')
    // The bump's thumbnail shows its whole picture, never cropped to the square (issue 15).
    const thumbnail = bumpCard.querySelector('img.fy-bump-image')
    expect(thumbnail && getComputedStyle(thumbnail).objectFit).toBe('contain')
    // So does the offer's own image, whatever its shape against the 3:2 box (issue 15 review).
    expect(cover && getComputedStyle(cover).objectFit).toBe('contain')
    // The upsell waits for its turn; no payment form before one is needed.
    expect(screen.queryByText('Wait! Your Order Is Not Yet Complete')).not.toBeInTheDocument()
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument()
    expect(document.title).toBe('The 7-day launch guide')
  })

  it('hides the details panel until the opt-in button is pressed, then validates on blur and change', async () => {
    mockFunnelApi()
    const { user } = renderOfferPage()

    await user.click(await screen.findByRole('button', { name: 'Send me the guide' }))
    expect(screen.queryByLabelText('Full Name')).toBeInTheDocument()
    await user.click(screen.getByLabelText('Full Name'))
    await user.tab()
    expect(await screen.findByText(messages.fullNameRequired)).toBeInTheDocument()
    await user.click(screen.getByLabelText('Email Address'))
    await user.tab()
    expect(await screen.findByText(messages.emailRequired)).toBeInTheDocument()
    await user.type(screen.getByLabelText('Email Address'), 'grace@')
    expect(await screen.findByText(messages.invalidEmail)).toBeInTheDocument()
    await user.type(screen.getByLabelText('Email Address'), 'example.com')
    await waitFor(() => expect(screen.queryByText(messages.invalidEmail)).not.toBeInTheDocument())
  })

  it('shows no details fields before the opt-in button is pressed', async () => {
    mockFunnelApi()
    renderOfferPage()
    await screen.findByRole('button', { name: 'Send me the guide' })
    // The fields are in the page (the server's HTML carries them for the first script), hidden.
    expect(screen.getByLabelText('Full Name')).not.toBeVisible()
    expect(screen.getByLabelText('Email Address')).not.toBeVisible()
  })

  it('checks the details on submit and sends nothing while they are wrong', async () => {
    const { calls } = mockFunnelApi({ offer: makeOffer({ bump_offer: null, upsell_offer: null }) })
    const { user } = renderOfferPage()

    await user.click(await screen.findByRole('button', { name: 'Send me the guide' }))
    await user.click(screen.getByRole('button', { name: 'Send me the guide' }))
    expect(await screen.findByText(messages.fullNameRequired)).toBeInTheDocument()
    expect(screen.getByText(messages.emailRequired)).toBeInTheDocument()
    expect(calls.leads).toEqual([])
    expect(calls.creates).toEqual([])
  })

  it('shows the footer links that are set, with their labels', async () => {
    mockFunnelApi({
      offer: makeOffer({
        store_links: {
          privacy_policy: 'https://acme.example/privacy',
          terms_and_conditions: null,
          support_link: 'https://acme.example/help',
        },
      }),
    })
    renderOfferPage()

    const footer = await screen.findByRole('contentinfo')
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', 'https://acme.example/privacy')
    expect(within(footer).getByRole('link', { name: 'Refund Policy & Customer Service' })).toHaveAttribute(
      'href',
      'https://acme.example/help',
    )
    expect(within(footer).queryByRole('link', { name: 'Terms and Conditions' })).not.toBeInTheDocument()
  })

  it('shows no footer when no link is set', async () => {
    mockFunnelApi()
    renderOfferPage()
    await screen.findByRole('heading', { level: 1 })
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument()
  })

  it("disables the opt-in button of an inactive offer and says 'Offer is not available' under it, in words", async () => {
    const { calls } = mockFunnelApi({ offer: makeOffer({ is_active: false }) })
    renderOfferPage()

    const button = await screen.findByRole('button', { name: 'Send me the guide' })
    expect(button).toBeDisabled()
    expect(button).toHaveAccessibleDescription(messages.offerNotAvailable)
    expect(within(button.parentElement as HTMLElement).getByText(messages.offerNotAvailable)).toBeVisible()
    expect(screen.getByRole('checkbox', { name: 'Add to order' })).toBeDisabled()
    expect(calls.creates).toEqual([])
  })

  it('says the offer is not available, and keeps saying it, when it was deactivated after the page was opened', async () => {
    const refused = () => HttpResponse.json({ error: messages.offerNotAvailable }, { status: 400 })
    const { calls } = mockFunnelApi({
      offer: makeOffer({ upsell_offer: null }),
      lead: () => HttpResponse.json({ non_field_errors: [messages.offerNotAvailable] }, { status: 400 }),
      create: refused,
    })
    const { user } = renderOfferPage()
    await optIn(user)
    await user.click(screen.getByRole('button', { name: 'Send me the guide' }))

    const button = screen.getByRole('button', { name: 'Send me the guide' })
    await waitFor(() => expect(button).toBeDisabled())
    expect(button).toHaveAccessibleDescription(messages.offerNotAvailable)
    expect(within(button.parentElement as HTMLElement).getByText(messages.offerNotAvailable)).toBeVisible()
    expect(calls.creates).toHaveLength(1)
  })

  it('sends an unknown offer to /404', async () => {
    mockFunnelApi()
    renderOfferPage('/free-offer/9b3c6a52-6f7e-4f53-9d1a-6a5f0c1d2e09')
    expect(await findElsewhere()).toBe('/404')
  })

  it('renders the offer the server inlined into the HTML without fetching it', async () => {
    const { calls } = mockFunnelApi()
    const tag = document.createElement('script')
    tag.id = inlinedOfferElementId
    tag.type = 'application/json'
    tag.textContent = JSON.stringify(makeOffer({ headline: 'Inlined headline' }))
    document.body.append(tag)

    renderOfferPage()
    expect(screen.getByRole('heading', { level: 1, name: 'Inlined headline' })).toBeInTheDocument()
    expect(calls.offerReads).toBe(0)
  })

  it("runs the seller's advertising pixels on the live page", async () => {
    mockFunnelApi({
      offer: makeOffer({
        advertising_pixels: [
          { id: 'pixel-live', pixel_type: 'facebook', script: "<script>document.documentElement.dataset.pixelRan = 'yes'</script>" },
        ],
      }),
    })
    renderOfferPage()
    await screen.findByRole('heading', { level: 1 })
    await waitFor(() => expect(document.documentElement.dataset.pixelRan).toBe('yes'))
    expect(screen.queryByText('Preview')).not.toBeInTheDocument()
  })

  it('runs no pixel in a browser holding a dashboard session, so a seller script cannot read its tokens', async () => {
    mockFunnelApi({
      offer: makeOffer({
        advertising_pixels: [
          { id: 'pixel-thief', pixel_type: 'facebook', script: "<script>document.documentElement.dataset.pixelRan = 'yes'</script>" },
        ],
      }),
    })
    renderOfferPage(`/free-offer/${offerId}`, { signedIn: true })
    await screen.findByRole('heading', { level: 1 })
    // The tab title is set by the page's parent, whose effects run after the page's own (the pixels'):
    // once it shows, the pixel effect has had its turn.
    await waitFor(() => expect(document.title).toBe('The 7-day launch guide'))
    expect(document.documentElement.dataset.pixelRan).toBeUndefined()
    expect(document.head.querySelector('script')).toBeNull()
  })

  it('runs no pixel with ?isPreview=true, and says it is a preview', async () => {
    mockFunnelApi({
      offer: makeOffer({
        advertising_pixels: [
          { id: 'pixel-preview', pixel_type: 'google', script: "<script>document.documentElement.dataset.pixelRan = 'yes'</script>" },
        ],
      }),
    })
    renderOfferPage(`/free-offer/${offerId}?isPreview=true`)
    await screen.findByRole('heading', { level: 1 })
    expect(screen.getByText('Preview')).toBeInTheDocument()
    expect(document.documentElement.dataset.pixelRan).toBeUndefined()
    expect(document.head.querySelector('script')).toBeNull()
  })

  it('makes no lead or payment call with ?isPreview=true, while the views still change', async () => {
    const { calls } = mockFunnelApi()
    const { user } = renderOfferPage(`/free-offer/${offerId}?isPreview=true`)

    await user.click(await screen.findByRole('checkbox', { name: 'Add to order' }))
    await optIn(user)
    await user.click(screen.getByRole('button', { name: 'Send me the guide' }))
    await user.click(await screen.findByRole('button', { name: 'Skip and continue with My order!' }))
    await user.click(await screen.findByRole('button', { name: 'Pay $19.00' }))

    expect(await screen.findByText(previewNotice)).toBeInTheDocument()
    expect(calls.leads).toEqual([])
    expect(calls.creates).toEqual([])
    expect(calls.updates).toEqual([])
    expect(calls.confirms).toEqual([])
  })
})
