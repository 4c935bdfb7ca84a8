import { messages } from '@funnelry/shared'
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { bump, makeOffer, offerId, upsell } from '../../../testing/factories/funnel'
import { findElsewhere } from '../../../testing/render'
import { localCardTexts } from '../components/payment/local-card-form'
import { mockFunnelApi } from '../testing/mock-funnel-api'
import { optIn, payWithCard, renderOfferPage, visitor } from '../testing/render-funnel'

const banner = 'Wait! Your Order Is Not Yet Complete'
const skip = 'Skip and continue with My order!'
const nothingChosen = { bump_offer_id: null, upsell_offer_id: null }
/** The thank-you URL with the order's reference (the mock answers `ref_<intent id>`). */
const thankYou = (type: 'free-offer' | 'oto-offer', intentId = 'pi_test_1') => `/thank-you-purchase?type=${type}&order=ref_${intentId}`

describe('public free offer flow', () => {
  it('without bump or upsell: captures the lead, creates the intent and goes to the free thank-you page', async () => {
    const { calls, order } = mockFunnelApi({ offer: makeOffer({ bump_offer: null, upsell_offer: null }) })
    const { user } = renderOfferPage()

    await optIn(user)
    await user.click(screen.getByRole('button', { name: 'Send me the guide' }))

    expect(await findElsewhere()).toBe(thankYou('free-offer'))
    expect(order).toEqual(['lead', 'create'])
    expect(calls.leads).toEqual([{ ...visitor, product_id: offerId }])
    expect(calls.creates).toEqual([{ ...visitor, product_id: offerId, ...nothingChosen, upsell_shown: false }])
  })

  it("shows the unviewed upsell first; 'Skip' goes on to the free thank-you page in one press (D17)", async () => {
    const { calls } = mockFunnelApi()
    const { user } = renderOfferPage()

    await optIn(user)
    await user.click(screen.getByRole('button', { name: 'Send me the guide' }))

    expect(await screen.findByText(banner)).toBeInTheDocument()
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument()
    // Focus follows the view, so a keyboard or screen reader starts at the banner.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: banner })))
    expect(calls.creates).toEqual([])
    expect(calls.leads).toHaveLength(1)

    await user.click(screen.getByRole('button', { name: skip }))
    expect(await findElsewhere()).toBe(thankYou('free-offer'))
    expect(calls.creates).toEqual([{ ...visitor, product_id: offerId, ...nothingChosen, upsell_shown: true }])
    // The lead is sent once for the same details.
    expect(calls.leads).toHaveLength(1)
  })

  it('shows the upsell view: banner, embedded video, headline, image, description, price, its button and the skip link', async () => {
    mockFunnelApi()
    const { user, container } = renderOfferPage()
    await optIn(user)
    await user.click(screen.getByRole('button', { name: 'Send me the guide' }))

    const view = await screen.findByRole('region', { name: 'Upsell offer' })
    expect(within(view).getByText(banner)).toBeInTheDocument()
    expect(within(view).getByTitle(upsell.headline)).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')
    expect(within(view).getByRole('heading', { name: upsell.headline })).toBeInTheDocument()
    const upsellImage = container.querySelector('img[src="/media/upsell.png"]')
    // Shown whole against its 3:2 box, never cropped (issue 15 review).
    expect(upsellImage && getComputedStyle(upsellImage).objectFit).toBe('contain')
    expect(within(view).getByText(upsell.description ?? '')).toBeInTheDocument()
    expect(within(view).getByLabelText('Upsell price')).toHaveTextContent('$33.50')
    expect(within(view).getByRole('button', { name: upsell.opt_in_button })).toBeInTheDocument()
    expect(within(view).getByRole('button', { name: skip })).toBeInTheDocument()
  })

  it('offers a video that cannot be embedded as a link', async () => {
    mockFunnelApi({ offer: makeOffer({ upsell_offer: { ...upsell, video_url: 'https://cdn.example.com/pitch.mp4' } }) })
    const { user } = renderOfferPage()
    await optIn(user)
    await user.click(screen.getByRole('button', { name: 'Send me the guide' }))

    expect(await screen.findByRole('link', { name: 'Watch the video' })).toHaveAttribute('href', 'https://cdn.example.com/pitch.mp4')
  })

  it('accepting the upsell without the bump creates the intent with the upsell, shows the payment form and pays', async () => {
    const { calls } = mockFunnelApi()
    const { user } = renderOfferPage()

    await optIn(user)
    await user.click(screen.getByRole('button', { name: 'Send me the guide' }))
    await user.click(await screen.findByRole('button', { name: upsell.opt_in_button }))

    expect(await screen.findByRole('button', { name: 'Pay $33.50' })).toBeInTheDocument()
    expect(screen.queryByText(banner)).not.toBeInTheDocument()
    expect(calls.creates).toEqual([
      { ...visitor, product_id: offerId, bump_offer_id: null, upsell_offer_id: upsell.id, upsell_shown: true },
    ])
    expect(screen.getByTestId('order-total')).toHaveTextContent('$33.50')
    expect(screen.getByText('Test mode — no real payment is taken.')).toBeInTheDocument()
    expect(screen.getByText(localCardTexts.hint)).toBeInTheDocument()

    await payWithCard(user, '4242 4242 4242 4242', 'Pay $33.50')
    expect(await screen.findByText(messages.paymentSucceeded)).toBeInTheDocument()
    expect(await findElsewhere()).toBe(thankYou('oto-offer'))
    expect(calls.confirms).toEqual([{ client_secret: 'pi_test_1_secret_1', card_number: '4242424242424242' }])
  })

  it('ticking the bump before any details makes a draft with no details (D20); unticking sets it to null; ticking sets it back', async () => {
    const { calls } = mockFunnelApi()
    const { user } = renderOfferPage()
    const checkbox = await screen.findByRole('checkbox', { name: 'Add to order' })

    await user.click(checkbox)
    await waitFor(() => expect(calls.creates).toHaveLength(1))
    expect(calls.creates[0]).toEqual({ product_id: offerId, bump_offer_id: bump.id, upsell_offer_id: null, upsell_shown: false })
    const price = screen.getByRole('group', { name: 'Price' })
    expect(within(price).getByText('The checklist pack')).toBeInTheDocument()
    expect(within(price).getByTestId('order-total')).toHaveTextContent('$19.00')

    await user.click(checkbox)
    await waitFor(() => expect(calls.updates).toHaveLength(1))
    expect(calls.updates[0]).toEqual({ intent_id: 'pi_test_1', ...nothingChosen, upsell_shown: false })
    expect(screen.getByText('FREE')).toBeInTheDocument()

    await user.click(checkbox)
    await waitFor(() => expect(calls.updates).toHaveLength(2))
    expect(calls.updates[1]).toMatchObject({ intent_id: 'pi_test_1', bump_offer_id: bump.id })
    expect(calls.creates).toHaveLength(1)
    // Amounts are the server's business, and typed details are not sent before they are submitted.
    for (const body of [...calls.creates, ...calls.updates]) {
      expect(Object.keys(body)).not.toContain('amount')
      expect(Object.keys(body)).not.toContain('email')
    }
  })

  it('does not send details that were typed but not submitted', async () => {
    const { calls } = mockFunnelApi()
    const { user } = renderOfferPage()

    await optIn(user)
    await user.click(screen.getByRole('checkbox', { name: 'Add to order' }))
    await waitFor(() => expect(calls.creates).toHaveLength(1))
    expect(calls.creates[0]).not.toHaveProperty('email')
    expect(calls.leads).toEqual([])
  })

  it('unticking before any intent exists sends nothing', async () => {
    const { calls } = mockFunnelApi({
      create: () => HttpResponse.json({ error: 'Payments are not set up for this offer yet.' }, { status: 400 }),
    })
    const { user } = renderOfferPage()
    const checkbox = await screen.findByRole('checkbox', { name: 'Add to order' })

    await user.click(checkbox)
    expect(await screen.findByText('Payments are not set up for this offer yet.')).toBeInTheDocument()
    await user.click(checkbox)
    expect(calls.creates).toHaveLength(1)
    expect(calls.updates).toEqual([])
  })

  it("bump and upsell: the upsell comes before the payment form (D18), so 'Pay $52.50' pays in one press", async () => {
    const { calls, order } = mockFunnelApi()
    const { user } = renderOfferPage()

    await user.click(await screen.findByRole('checkbox', { name: 'Add to order' }))
    await waitFor(() => expect(calls.creates).toHaveLength(1))
    await optIn(user)
    await user.click(screen.getByRole('button', { name: 'Send me the guide' }))

    // The submit with the bump shows the unviewed upsell, not a 'Pay $19.00' that would not pay.
    expect(await screen.findByText(banner)).toBeInTheDocument()
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: upsell.opt_in_button }))

    expect(await screen.findByRole('button', { name: 'Pay $52.50' })).toBeInTheDocument()
    expect(calls.updates).toEqual([
      { ...visitor, intent_id: 'pi_test_1', bump_offer_id: bump.id, upsell_offer_id: upsell.id, upsell_shown: true },
    ])
    const price = screen.getByRole('group', { name: 'Price' })
    expect(within(price).getByText('The checklist pack')).toBeInTheDocument()
    expect(within(price).getByText('The video masterclass')).toBeInTheDocument()
    expect(within(price).getByTestId('order-total')).toHaveTextContent('$52.50')

    await payWithCard(user, '4242 4242 4242 4242', 'Pay $52.50')
    expect(await screen.findByText(messages.paymentSucceeded)).toBeInTheDocument()
    expect(await findElsewhere()).toBe(thankYou('oto-offer'))
    expect(order).toEqual(['create', 'lead', 'update', 'confirm'])
  })

  it("bump with the upsell skipped: 'Skip' goes on to the payment form, and 'Pay $19.00' pays the bump alone", async () => {
    const { calls } = mockFunnelApi()
    const { user } = renderOfferPage()

    await optIn(user)
    await user.click(screen.getByRole('checkbox', { name: 'Add to order' }))
    await user.click(screen.getByRole('button', { name: 'Send me the guide' }))
    await user.click(await screen.findByRole('button', { name: skip }))
    await payWithCard(user, '4242 4242 4242 4242', 'Pay $19.00')

    expect(await findElsewhere()).toBe(thankYou('oto-offer'))
    expect(calls.updates.at(-1)).toEqual({
      ...visitor,
      intent_id: 'pi_test_1',
      bump_offer_id: bump.id,
      upsell_offer_id: null,
      upsell_shown: true,
    })
    expect(calls.confirms).toHaveLength(1)
  })

  it('with no upsell attached, the bump is paid without any detour', async () => {
    const { calls } = mockFunnelApi({ offer: makeOffer({ upsell_offer: null }) })
    const { user } = renderOfferPage()

    await optIn(user)
    await user.click(screen.getByRole('checkbox', { name: 'Add to order' }))
    await user.click(screen.getByRole('button', { name: 'Send me the guide' }))
    await payWithCard(user, '4242 4242 4242 4242', 'Pay $19.00')

    expect(await findElsewhere()).toBe(thankYou('oto-offer'))
    expect(screen.queryByText(banner)).not.toBeInTheDocument()
    expect(calls.confirms).toHaveLength(1)
  })

  it('unticking the bump at the payment form turns the button back into the free checkout', async () => {
    const { calls } = mockFunnelApi({ offer: makeOffer({ upsell_offer: null }) })
    const { user } = renderOfferPage()

    await optIn(user)
    await user.click(screen.getByRole('checkbox', { name: 'Add to order' }))
    await user.click(screen.getByRole('button', { name: 'Send me the guide' }))
    await screen.findByRole('button', { name: 'Pay $19.00' })
    await user.click(screen.getByRole('checkbox', { name: 'Add to order' }))
    await user.click(await screen.findByRole('button', { name: 'Send me the guide' }))

    expect(await findElsewhere()).toBe(thankYou('free-offer', 'pi_test_2'))
    expect(calls.creates.at(-1)).toEqual({ ...visitor, product_id: offerId, ...nothingChosen, upsell_shown: false })
  })

  it('ignores a failing lead capture (the intent call carries the details, so the server still records the lead)', async () => {
    const { calls } = mockFunnelApi({
      offer: makeOffer({ upsell_offer: null, bump_offer: null }),
      lead: () => HttpResponse.json({ detail: 'Too many attempts.' }, { status: 429 }),
    })
    const { user } = renderOfferPage()

    await optIn(user)
    await user.click(screen.getByRole('button', { name: 'Send me the guide' }))

    expect(await findElsewhere()).toBe(thankYou('free-offer'))
    expect(calls.leads).toHaveLength(1)
    expect(calls.creates).toEqual([{ ...visitor, product_id: offerId, ...nothingChosen, upsell_shown: false }])
  })
})
