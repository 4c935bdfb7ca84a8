import { bumpOfferSchema, upsellOfferSchema } from '@funnelry/shared'
import { screen, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { type FreeOfferDraft, freeOfferDraft } from '../../../lib/free-offer-draft'
import { bump, upsell, upsellOfferFull } from '../../../testing/factories/funnel'
import { apiHandler, server } from '../../../testing/msw'
import { findElsewhere } from '../../../testing/render'
import { previewNotice } from '../hooks/use-checkout'
import { optIn, renderOfferPage } from '../testing/render-funnel'

const draft: FreeOfferDraft = {
  offerId: null,
  values: {
    headline: 'Draft headline',
    sub_headline: 'Draft sub headline',
    url: 'https://example.com/guide.pdf',
    opt_in_button: 'Get it now',
    is_active: true,
    bump_offer_id: bump.id,
    upsell_offer_id: upsell.id,
  },
  show: { sub_headline: true, asset_image: true, logo: false },
  images: { asset_image: 'data:image/png;base64,iVBORw0KGgo=', logo: '/media/logo.png' },
}

/** The seller's bump and upsell, answered only to a request carrying the seller's token. */
function mockSellerOffers() {
  const authorizations: Array<string | null> = []
  server.use(
    apiHandler('get', '/bump-offer/:id/', bumpOfferSchema, ({ request }) => {
      authorizations.push(request.headers.get('Authorization'))
      return HttpResponse.json(
        bumpOfferSchema.parse({ ...bump, url: 'https://example.com/pack', created_at: '2025-01-01T00:00:00.000Z', archived_at: null }),
      )
    }),
    apiHandler('get', '/upsell-offer/:id/', upsellOfferSchema, ({ request }) => {
      authorizations.push(request.headers.get('Authorization'))
      return HttpResponse.json(upsellOfferFull)
    }),
  )
  return authorizations
}

describe('free offer preview from the draft (/free-offer)', () => {
  it('redirects to the free offers list when there is no draft', async () => {
    renderOfferPage('/free-offer', { signedIn: true })
    expect(await findElsewhere()).toBe('/dashboard/free-offers')
  })

  it("renders the draft with the seller's bump and upsell, read with the seller's token", async () => {
    freeOfferDraft.save(draft)
    const authorizations = mockSellerOffers()
    const { container } = renderOfferPage('/free-offer', { signedIn: true })

    expect(await screen.findByRole('heading', { level: 1, name: 'Draft headline' })).toBeInTheDocument()
    expect(screen.getByText('Draft sub headline')).toBeInTheDocument()
    expect(screen.getByText('Preview')).toBeInTheDocument()
    expect(container.querySelector('img[src^="data:image/png"]')).not.toBeNull()
    // The logo's 'show' box is unchecked: it would be saved empty, so the preview leaves it out.
    expect(container.querySelector('img[src="/media/logo.png"]')).toBeNull()
    expect(within(screen.getByRole('region', { name: 'Add to order' })).getByText('The checklist pack')).toBeInTheDocument()
    expect(authorizations.length).toBeGreaterThanOrEqual(2)
    for (const header of authorizations) expect(header).toMatch(/^Bearer /)
  })

  it('walks through the flow without any lead or payment call', async () => {
    freeOfferDraft.save(draft)
    mockSellerOffers()
    // No handler for lead capture or the intent calls: any such request fails the test.
    const { user } = renderOfferPage('/free-offer', { signedIn: true })

    await optIn(user, 'Get it now')
    await user.click(screen.getByRole('checkbox', { name: 'Add to order' }))
    expect(screen.getByTestId('order-total')).toHaveTextContent('$19.00')
    await user.click(screen.getByRole('button', { name: 'Get it now' }))
    // The upsell comes before the payment form (D18).
    await user.click(await screen.findByRole('button', { name: upsell.opt_in_button }))
    expect(await screen.findByRole('button', { name: 'Pay $52.50' })).toBeInTheDocument()
    expect(screen.getByText('The payment form appears here on the live page.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Pay $52.50' }))
    expect(await screen.findByText(previewNotice)).toBeInTheDocument()
  })
})
