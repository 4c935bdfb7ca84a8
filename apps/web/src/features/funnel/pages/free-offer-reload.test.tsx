import { messages } from '@funnelry/shared'
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { bump, offerId, upsell } from '../../../testing/factories/funnel'
import { findElsewhere } from '../../../testing/render'
import { checkoutMemory } from '../lib/checkout-memory'
import { mockFunnelApi } from '../testing/mock-funnel-api'
import { optIn, payWithCard, renderOfferPage, visitor } from '../testing/render-funnel'

const banner = 'Wait! Your Order Is Not Yet Complete'

/** Ticks the bump, submits the details and accepts the upsell: the card form for $52.50. */
async function reachCardForm() {
  const api = mockFunnelApi()
  const page = renderOfferPage()
  const { user } = page
  await user.click(await screen.findByRole('checkbox', { name: 'Add to order' }))
  await waitFor(() => expect(api.calls.creates).toHaveLength(1))
  await optIn(user)
  await user.click(screen.getByRole('button', { name: 'Send me the guide' }))
  await user.click(await screen.findByRole('button', { name: upsell.opt_in_button }))
  await screen.findByRole('button', { name: 'Pay $52.50' })
  return { ...api, ...page }
}

/** A reload: the page's tree is gone, the tab (its history entry and sessionStorage) stays. */
function reload(unmount: () => void) {
  unmount()
  return renderOfferPage()
}

describe('the funnel across Back and reload (issue 22, point 4)', () => {
  it('Back from the upsell returns to the details, as typed; Forward shows the upsell again', async () => {
    mockFunnelApi()
    const { user } = renderOfferPage()
    await optIn(user)
    await user.click(screen.getByRole('button', { name: 'Send me the guide' }))
    await screen.findByText(banner)

    window.history.back()
    await waitFor(() => expect(screen.queryByText(banner)).not.toBeInTheDocument())
    expect(screen.getByLabelText('Full Name')).toHaveValue(visitor.full_name)
    expect(screen.getByLabelText('Email Address')).toHaveValue(visitor.email)

    window.history.forward()
    expect(await screen.findByText(banner)).toBeInTheDocument()
  })

  it('a reload at the card form keeps the details, the bump and the upsell, and continues the same order', async () => {
    const { calls, unmount } = await reachCardForm()
    const creates = calls.creates.length

    const { user } = reload(unmount)
    expect(await screen.findByRole('button', { name: 'Pay $52.50' })).toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: 'Add to order' })).toBeChecked()
    expect(screen.getByLabelText('Full Name')).toHaveValue(visitor.full_name)
    expect(screen.getByLabelText('Email Address')).toHaveValue(visitor.email)
    // No new order: the one already made is brought up to date and paid.
    expect(calls.creates).toHaveLength(creates)
    expect(calls.updates.at(-1)).toEqual({
      ...visitor,
      intent_id: 'pi_test_1',
      bump_offer_id: bump.id,
      upsell_offer_id: upsell.id,
      upsell_shown: true,
    })
    // The card is never remembered: its field is empty again.
    expect(screen.getByLabelText('Card number')).toHaveValue('')
    expect(JSON.stringify(sessionStorage)).not.toContain('4242')

    await payWithCard(user, '4242 4242 4242 4242', 'Pay $52.50')
    expect(await screen.findByText(messages.paymentSucceeded)).toBeInTheDocument()
    expect(await findElsewhere()).toBe('/thank-you-purchase?type=oto-offer&order=ref_pi_test_1')
    expect(calls.confirms).toEqual([expect.objectContaining({ client_secret: 'pi_test_1_secret_1' })])
    // The visit is over: coming back to the offer starts afresh.
    expect(checkoutMemory.read(offerId)).toBeNull()
  })

  it('a reload at the upsell shows the upsell again, and its choice continues the same order', async () => {
    const { calls } = mockFunnelApi()
    const { user, unmount } = renderOfferPage()
    await optIn(user)
    await user.click(screen.getByRole('button', { name: 'Send me the guide' }))
    await screen.findByText(banner)

    const reloaded = reload(unmount)
    await reloaded.user.click(await screen.findByRole('button', { name: upsell.opt_in_button }))
    expect(await screen.findByRole('button', { name: 'Pay $33.50' })).toBeInTheDocument()
    expect(calls.creates).toHaveLength(1)
    expect(calls.leads).toHaveLength(1)
  })

  it('an order that can no longer be used (paid or expired elsewhere) is replaced by a new one', async () => {
    const { calls, unmount } = await reachCardForm()
    const api = mockFunnelApi({
      update: (body) =>
        body.intent_id === 'pi_test_1'
          ? Response.json({ detail: 'This order has expired.', error: 'This order has expired.' }, { status: 400 })
          : undefined,
    })
    const { user } = reload(unmount)
    // The details and choices stay; the submit makes a new order with them.
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Add to order' })).toBeChecked())
    expect(screen.getByLabelText('Email Address')).toHaveValue(visitor.email)
    await user.click(screen.getByRole('button', { name: 'Send me the guide' }))
    expect(await screen.findByRole('button', { name: 'Pay $52.50' })).toBeInTheDocument()
    expect(api.calls.creates).toEqual([expect.objectContaining({ ...visitor, bump_offer_id: bump.id, upsell_offer_id: upsell.id })])
    expect(calls.creates).toHaveLength(1)
  })

  it('a new visit (another tab: its own sessionStorage) starts afresh', async () => {
    const { unmount } = await reachCardForm()
    unmount()
    sessionStorage.clear()
    window.history.replaceState(null, '')
    renderOfferPage()
    expect(await screen.findByRole('button', { name: 'Send me the guide' })).toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: 'Add to order' })).not.toBeChecked()
    expect(screen.queryByLabelText('Full Name')).not.toBeVisible()
  })
})
