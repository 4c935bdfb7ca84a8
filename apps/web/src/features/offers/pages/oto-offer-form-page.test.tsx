import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { findElsewhere, renderApp } from '../../../test/render'
import { fieldErrors, mockMultipart, pngFile, sendFilesLikeABrowser } from '../test/multipart'
import { mockOtoOffer } from '../test/offer-api'
import { offerId, otoOffer } from '../test/offer-fixtures'
import OtoOfferFormPage from './oto-offer-form-page'

const addUrl = '/dashboard/add-oto-offer'
const editPath = '/dashboard/edit-oto-offer/:id'
const textbox = (name: string) => screen.getByRole('textbox', { name })

sendFilesLikeABrowser()

async function fillRequired(user: ReturnType<typeof renderApp>['user']) {
  await user.type(textbox('Headline'), 'Video Course')
  await user.type(textbox('Product URL'), 'https://files.example/course')
  await user.type(textbox('Opt-in Button Text'), 'Yes, add it')
  await user.type(textbox('Product Price'), '49')
}

describe('Add New OTO Offer', () => {
  it('requires headline, URL, button text and price, and checks the URLs', async () => {
    const { user } = renderApp(<OtoOfferFormPage />, { url: addUrl, signedIn: true })

    expect(screen.getByRole('heading', { name: 'Add New OTO Offer' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findAllByText('This field is required')).toHaveLength(4)

    await user.type(textbox('Video URL'), 'youtube.com/watch')
    await user.tab()
    expect(await screen.findByText('Must be a valid URL starting with http:// or https://')).toBeInTheDocument()

    // Hidden, the video URL is not checked any more (it is sent empty).
    await user.click(screen.getByRole('checkbox', { name: 'Show Video URL' }))
    await waitFor(() => expect(screen.queryByText('Must be a valid URL starting with http:// or https://')).not.toBeInTheDocument())
  })

  it('sends every field, with the unchecked ones empty and only the images chosen', async () => {
    const bodies = mockMultipart('post', '/upsell-offer/', () => HttpResponse.json(otoOffer(), { status: 201 }))
    const { user } = renderApp(<OtoOfferFormPage />, { url: addUrl, signedIn: true })

    await fillRequired(user)
    expect(within(textbox('Product Price').closest('.MuiInputBase-root') as HTMLElement).getByText('$')).toBeInTheDocument()
    await user.type(textbox('Video URL'), 'https://video.example/1')
    await user.click(screen.getByRole('checkbox', { name: 'Show Description' }))
    await user.upload(screen.getByLabelText('Logo'), pngFile('logo.png', 32))
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('OTO Offer was successfully added.')).toBeInTheDocument()
    expect(await findElsewhere()).toBe('/dashboard/oto-offers')
    expect(bodies).toEqual([
      {
        headline: 'Video Course',
        url: 'https://files.example/course',
        opt_in_button: 'Yes, add it',
        product_price: '49',
        currency: '1',
        video_url: 'https://video.example/1',
        description: '',
        logo: { name: 'logo.png', type: 'image/png', size: 32 },
      },
    ])
  })

  it('puts the server’s field errors on the fields, and the rest in an alert', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    mockMultipart('post', '/upsell-offer/', () =>
      fieldErrors({ product_price: ['Enter an amount such as 19 or 19.99.'], non_field_errors: ['Please check the form.'] }),
    )
    const { user } = renderApp(<OtoOfferFormPage />, { url: addUrl, signedIn: true })

    await fillRequired(user)
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('Please check the form.')).toBeInTheDocument()
    expect(textbox('Product Price')).toHaveAccessibleDescription('Enter an amount such as 19 or 19.99.')
    expect(console.error).toHaveBeenCalled()
    vi.restoreAllMocks()
  })

  it('goes back to the edit free offer page it came from, with the new OTO selected', async () => {
    mockMultipart('post', '/upsell-offer/', () => HttpResponse.json(otoOffer({ id: offerId(250) }), { status: 201 }))
    const returnTo = encodeURIComponent(`/dashboard/edit-free-offer/${offerId(1)}`)
    const { user } = renderApp(<OtoOfferFormPage />, { url: `${addUrl}?returnTo=${returnTo}`, signedIn: true })

    await fillRequired(user)
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await findElsewhere()).toBe(`/dashboard/edit-free-offer/${offerId(1)}?selectOto=${offerId(250)}`)
  })

  it('Cancel resets the add form', async () => {
    const { user } = renderApp(<OtoOfferFormPage />, { url: addUrl, signedIn: true })

    await fillRequired(user)
    await user.click(screen.getByRole('button', { name: 'Cancel' }))

    expect(textbox('Headline')).toHaveValue('')
    expect(textbox('Product Price')).toHaveValue('')
  })
})

describe('Edit OTO Offer', () => {
  const offer = otoOffer({ video_url: 'https://video.example/1', logo: '/media/logo.png' })
  const editUrl = `/dashboard/edit-oto-offer/${offer.id}`

  it('starts from the offer and sends a replaced image, leaving the other out', async () => {
    mockOtoOffer(offer)
    const bodies = mockMultipart('put', '/upsell-offer/:id/', () => HttpResponse.json(offer))
    const { user } = renderApp(<OtoOfferFormPage />, { url: editUrl, path: editPath, signedIn: true })

    expect(await screen.findByRole('heading', { name: 'Edit OTO Offer' })).toBeInTheDocument()
    expect(textbox('Video URL')).toHaveValue('https://video.example/1')
    expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveTextContent('EUR €')
    // The offer has no asset image, so its show box starts unchecked and the drop zone disabled.
    expect(screen.getByRole('checkbox', { name: 'Show Asset Image' })).not.toBeChecked()
    await user.click(screen.getByRole('checkbox', { name: 'Show Asset Image' }))
    await user.upload(screen.getByLabelText('Asset Image'), pngFile('new.png', 16))
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('OTO Offer was successfully updated.')).toBeInTheDocument()
    expect(bodies[0]).toEqual({
      headline: 'Video Course',
      url: 'https://files.example/course',
      opt_in_button: 'Yes, add it',
      product_price: '49.00',
      currency: '2',
      video_url: 'https://video.example/1',
      description: 'Twelve lessons',
      asset_image: { name: 'new.png', type: 'image/png', size: 16 },
    })
  })

  it('Cancel goes to the OTO list', async () => {
    mockOtoOffer(offer)
    const { user } = renderApp(<OtoOfferFormPage />, { url: editUrl, path: editPath, signedIn: true })

    await user.click(await screen.findByRole('button', { name: 'Cancel' }))

    expect(await findElsewhere()).toBe('/dashboard/oto-offers')
  })
})
