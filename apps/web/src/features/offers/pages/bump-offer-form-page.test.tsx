import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { findElsewhere, renderApp } from '../../../test/render'
import { fieldErrors, mockMultipart, pngFile, sendFilesLikeABrowser } from '../test/multipart'
import { mockBumpOffer } from '../test/offer-api'
import { bumpOffer, offerId } from '../test/offer-fixtures'
import BumpOfferFormPage from './bump-offer-form-page'

const addUrl = '/dashboard/add-bump-offer'
const editPath = '/dashboard/edit-bump-offer/:id'
const textbox = (name: string) => screen.getByRole('textbox', { name })

sendFilesLikeABrowser()

describe('Add New BUMP Offer', () => {
  it('validates on blur and on change with the spec’s messages', async () => {
    const { user } = renderApp(<BumpOfferFormPage />, { url: addUrl, signedIn: true })

    expect(screen.getByRole('heading', { name: 'Add New BUMP Offer' })).toBeInTheDocument()
    await user.click(textbox('Product URL'))
    await user.tab()
    expect(await screen.findByText('This field is required')).toBeInTheDocument()

    await user.type(textbox('Product URL'), 'files.example/workbook')
    expect(await screen.findByText('Must be a valid URL starting with http:// or https://')).toBeInTheDocument()
  })

  it('sends the fields, empty ones for unchecked show boxes, the file, and the currency; then toasts and goes to the list', async () => {
    const bodies = mockMultipart('post', '/bump-offer/', () => HttpResponse.json(bumpOffer(), { status: 201 }))
    const { user } = renderApp(<BumpOfferFormPage />, { url: addUrl, signedIn: true })

    await user.type(textbox('Product URL'), 'https://files.example/workbook.pdf')
    await user.type(textbox('Headline'), 'Workbook')
    await user.type(textbox('Description'), 'Not shown')
    await user.click(screen.getByRole('checkbox', { name: 'Show Description' }))
    expect(textbox('Description')).toBeDisabled()
    expect(textbox('Description')).toHaveValue('Not shown')
    expect(textbox('Description')).toHaveAttribute('rows', '3')

    await user.click(screen.getByRole('combobox', { name: 'Currency' }))
    await user.click(screen.getByRole('option', { name: 'EUR €' }))
    expect(within(textbox('Old Price').closest('.MuiInputBase-root') as HTMLElement).getByText('€')).toBeInTheDocument()
    await user.type(textbox('Old Price'), '19')
    await user.type(textbox('New Price'), '9.99')
    await user.upload(screen.getByLabelText('Asset Image'), pngFile('workbook.png', 128))
    expect(await screen.findByRole('img', { name: 'Asset Image preview' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('BUMP Offer was successfully added.')).toBeInTheDocument()
    expect(await findElsewhere()).toBe('/dashboard/bump-offers')
    expect(bodies).toEqual([
      {
        url: 'https://files.example/workbook.pdf',
        headline: 'Workbook',
        description: '',
        old_price: '19',
        new_price: '9.99',
        currency: '2',
        asset_image: { name: 'workbook.png', type: 'image/png', size: 128 },
      },
    ])
  })

  it('disables Save and shows its spinner while saving', async () => {
    let answer = () => {}
    const answered = new Promise<void>((resolve) => {
      answer = resolve
    })
    mockMultipart('post', '/bump-offer/', async () => {
      await answered
      return HttpResponse.json(bumpOffer(), { status: 201 })
    })
    const { user } = renderApp(<BumpOfferFormPage />, { url: addUrl, signedIn: true })

    await user.type(textbox('Product URL'), 'https://files.example/workbook.pdf')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    const save = await waitFor(() => {
      const button = screen.getByRole('button', { name: 'Save' })
      expect(button).toBeDisabled()
      return button
    })
    expect(within(save).getByRole('progressbar')).toBeInTheDocument()
    answer()
    expect(await screen.findByText('BUMP Offer was successfully added.')).toBeInTheDocument()
  })

  it('puts the server’s field errors on the fields and logs a generic error', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    mockMultipart('post', '/bump-offer/', () =>
      fieldErrors({ url: ['This link does not answer.'], asset_image: ['Upload a PNG or JPEG image.'], new_price: ['Too expensive.'] }),
    )
    const { user } = renderApp(<BumpOfferFormPage />, { url: addUrl, signedIn: true })

    await user.type(textbox('Product URL'), 'https://files.example/workbook.pdf')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('This link does not answer.')).toBeInTheDocument()
    expect(textbox('Product URL')).toHaveAccessibleDescription('This link does not answer.')
    expect(textbox('New Price')).toHaveAccessibleDescription('Too expensive.')
    expect(screen.getByText('Upload a PNG or JPEG image.')).toBeInTheDocument()
    expect(screen.queryByText('Something went wrong.')).not.toBeInTheDocument()
    expect(logged).toHaveBeenCalledWith('The offer could not be saved.', expect.anything())
    logged.mockRestore()
  })

  it('refuses a GIF naming the kinds it takes', async () => {
    renderApp(<BumpOfferFormPage />, { url: addUrl, signedIn: true })
    const user = userEvent.setup({ applyAccept: false })

    await user.upload(screen.getByLabelText('Asset Image'), new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }))

    expect(await screen.findByText('Upload a PNG or JPEG image.')).toBeInTheDocument()
    expect(screen.queryByRole('img', { name: 'Asset Image preview' })).not.toBeInTheDocument()
    // A keyboard or screen reader reaches the drop area as a named button.
    expect(screen.getByRole('button', { name: /^Asset Image: drop a PNG or JPEG image here/ })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByText('Upload a PNG or JPEG image.')).not.toBeInTheDocument()
  })

  it('Cancel resets the add form', async () => {
    const { user } = renderApp(<BumpOfferFormPage />, { url: addUrl, signedIn: true })

    await user.type(textbox('Headline'), 'Workbook')
    await user.click(screen.getByRole('checkbox', { name: 'Show Old Price' }))
    await user.click(screen.getByRole('button', { name: 'Cancel' }))

    expect(textbox('Headline')).toHaveValue('')
    expect(textbox('Old Price')).toBeEnabled()
    expect(screen.getByRole('heading', { name: 'Add New BUMP Offer' })).toBeInTheDocument()
  })

  it('goes back to the free offer form it came from, with the new offer selected', async () => {
    mockMultipart('post', '/bump-offer/', () => HttpResponse.json(bumpOffer({ id: offerId(150) }), { status: 201 }))
    const { user } = renderApp(<BumpOfferFormPage />, { url: `${addUrl}?returnTo=%2Fdashboard%2Fadd-free-offer`, signedIn: true })

    await user.type(textbox('Product URL'), 'https://files.example/workbook.pdf')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await findElsewhere()).toBe(`/dashboard/add-free-offer?selectBump=${offerId(150)}`)
  })

  it('ignores a return hint that is not a free offer form', async () => {
    mockMultipart('post', '/bump-offer/', () => HttpResponse.json(bumpOffer(), { status: 201 }))
    const { user } = renderApp(<BumpOfferFormPage />, { url: `${addUrl}?returnTo=https%3A%2F%2Fevil.example`, signedIn: true })

    await user.type(textbox('Product URL'), 'https://files.example/workbook.pdf')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await findElsewhere()).toBe('/dashboard/bump-offers')
  })
})

describe('Edit BUMP Offer', () => {
  const offer = bumpOffer({ description: null })
  const editUrl = `/dashboard/edit-bump-offer/${offer.id}`

  it('starts from the offer, leaves the unchanged image out and sends the cleared fields empty', async () => {
    mockBumpOffer(offer)
    const bodies = mockMultipart('put', '/bump-offer/:id/', () => HttpResponse.json(offer))
    const { user } = renderApp(<BumpOfferFormPage />, { url: editUrl, path: editPath, signedIn: true })

    expect(await screen.findByRole('heading', { name: 'Edit BUMP Offer' })).toBeInTheDocument()
    expect(textbox('Product URL')).toHaveValue(offer.url)
    expect(textbox('Old Price')).toHaveValue('19.00')
    // No description: its show box starts unchecked.
    expect(textbox('Description')).toBeDisabled()
    expect(screen.getByRole('img', { name: 'Asset Image preview' })).toHaveAttribute('src', '/media/workbook.png')

    await user.click(screen.getByRole('checkbox', { name: 'Show Headline' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('BUMP Offer was successfully updated.')).toBeInTheDocument()
    expect(await findElsewhere()).toBe('/dashboard/bump-offers')
    expect(bodies).toEqual([{ url: offer.url, headline: '', description: '', old_price: '19.00', new_price: '9.99', currency: '1' }])
  })

  it('sends the image empty when it is removed', async () => {
    mockBumpOffer(offer)
    const bodies = mockMultipart('put', '/bump-offer/:id/', () => HttpResponse.json(offer))
    const { user } = renderApp(<BumpOfferFormPage />, { url: editUrl, path: editPath, signedIn: true })

    await user.click(await screen.findByRole('button', { name: 'Remove Asset Image' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(bodies).toHaveLength(1))
    expect(bodies[0]?.asset_image).toBe('')
  })

  it('Cancel goes to the BUMP list', async () => {
    mockBumpOffer(offer)
    const { user } = renderApp(<BumpOfferFormPage />, { url: editUrl, path: editPath, signedIn: true })

    await user.click(await screen.findByRole('button', { name: 'Cancel' }))

    expect(await findElsewhere()).toBe('/dashboard/bump-offers')
  })

  it('sends an unknown offer to /404', async () => {
    mockBumpOffer(null)
    renderApp(<BumpOfferFormPage />, { url: editUrl, path: editPath, signedIn: true })

    expect(await findElsewhere()).toBe('/404')
  })
})
