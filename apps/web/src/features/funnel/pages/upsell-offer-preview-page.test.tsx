import { upsellOfferSchema } from '@funnelry/shared'
import { screen } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { paths } from '../../../config/paths'
import { upsellOfferFull } from '../../../testing/factories/funnel'
import { apiHandler, server } from '../../../testing/msw'
import { findElsewhere, renderApp } from '../../../testing/render'
import { previewNotice } from '../hooks/use-checkout'
import UpsellOfferPreviewPage from './upsell-offer-preview-page'

const renderPreview = (id = upsellOfferFull.id) =>
  renderApp(<UpsellOfferPreviewPage />, { url: `/oto-offer/${id}`, path: paths.upsellOfferPreview.path, signedIn: true })

describe('OTO offer preview (/oto-offer/{id})', () => {
  it("shows the upsell view of the seller's OTO, read with the seller's token, as a preview", async () => {
    let authorization: string | null = null
    server.use(
      apiHandler('get', '/upsell-offer/:id/', upsellOfferSchema, ({ request }) => {
        authorization = request.headers.get('Authorization')
        return HttpResponse.json({ ...upsellOfferFull, logo: '/media/oto-logo.png' })
      }),
    )
    const { user } = renderPreview()

    expect(await screen.findByText('Wait! Your Order Is Not Yet Complete')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: upsellOfferFull.headline })).toBeInTheDocument()
    expect(screen.getByRole('img', { name: upsellOfferFull.headline })).toHaveAttribute('src', '/media/oto-logo.png')
    expect(screen.getByLabelText('Upsell price')).toHaveTextContent('$33.50')
    expect(screen.getByText('Preview')).toBeInTheDocument()
    expect(authorization).toMatch(/^Bearer /)

    await user.click(screen.getByRole('button', { name: upsellOfferFull.opt_in_button }))
    expect(await screen.findByText(previewNotice)).toBeInTheDocument()
  })

  it('sends an unknown OTO to /404', async () => {
    server.use(
      apiHandler('get', '/upsell-offer/:id/', upsellOfferSchema, () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })),
    )
    renderPreview('9b3c6a52-6f7e-4f53-9d1a-6a5f0c1d2e09')
    expect(await findElsewhere()).toBe('/404')
  })
})
