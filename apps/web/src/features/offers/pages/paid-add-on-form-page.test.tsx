import { type BumpOffer, bumpOfferSchema, type UpsellOffer, upsellOfferSchema } from '@funnelry/shared'
import { screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import type { ComponentType } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { bumpOffer, offerId, upsellOffer } from '../../../testing/factories/offers'
import type { ApiResolver } from '../../../testing/msw'
import { findElsewhere, renderApp } from '../../../testing/render'
import { fieldErrors, mockMultipart, pngFile, type SentForm } from '../testing/multipart'
import { mockBumpOffer, mockUpsellOffer } from '../testing/offer-api'
import BumpOfferFormPage from './bump-offer-form-page'
import UpsellOfferFormPage from './upsell-offer-form-page'

const textbox = (name: string) => screen.getByRole('textbox', { name })

/** What differs between the BUMP and the upsell (OTO) form; everything else they do alike. */
type PaidAddOnCase = {
  /** The name on screen: 'BUMP Offer' / 'OTO Offer'. */
  name: string
  Page: ComponentType
  addUrl: string
  editUrl: (id: string) => string
  editPath: string
  endpoint: string
  /** What the endpoint answers. */
  schema: typeof bumpOfferSchema | typeof upsellOfferSchema
  listUrl: string
  selectParam: string
  /** The offer the API answers after a save, with the given id. */
  saved: (id: string) => BumpOffer | UpsellOffer
  requiredCount: number
  fillRequired: (user: UserEvent) => Promise<void>
  /** The body of an add with only the required fields filled. */
  requiredBody: SentForm
  /** Fills every field, hiding one with its 'show' box and choosing one image; checks what shows on the way. */
  fillEverything: (user: UserEvent) => Promise<void>
  everythingBody: SentForm
  /** A price field the server may refuse, by label and field name. */
  priceField: { label: string; name: string }
  /** An optional field with a 'show' box, by label. */
  optionalField: string
  /** A stored offer with an image, and the body of saving it unchanged (the image left out). */
  stored: BumpOffer | UpsellOffer
  mockStored: (found: boolean) => void
  unchangedBody: SentForm
}

const storedBump = bumpOffer({ description: null })
const storedUpsell = upsellOffer({ asset_image: '/media/course.png' })

const bumpCase: PaidAddOnCase = {
  name: 'BUMP Offer',
  Page: BumpOfferFormPage,
  addUrl: '/dashboard/add-bump-offer',
  editUrl: (id) => `/dashboard/edit-bump-offer/${id}`,
  editPath: '/dashboard/edit-bump-offer/:id',
  endpoint: '/bump-offer/',
  schema: bumpOfferSchema,
  listUrl: '/dashboard/bump-offers',
  selectParam: 'selectBump',
  saved: (id) => bumpOffer({ id }),
  requiredCount: 1,
  fillRequired: async (user) => {
    await user.type(textbox('Product URL'), 'https://files.example/workbook.pdf')
  },
  requiredBody: {
    url: 'https://files.example/workbook.pdf',
    headline: '',
    description: '',
    old_price: '',
    new_price: '',
    currency: '1',
  },
  fillEverything: async (user) => {
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
  },
  everythingBody: {
    url: 'https://files.example/workbook.pdf',
    headline: 'Workbook',
    description: '',
    old_price: '19',
    new_price: '9.99',
    currency: '2',
    asset_image: { name: 'workbook.png', type: 'image/png', size: 128 },
  },
  priceField: { label: 'New Price', name: 'new_price' },
  optionalField: 'Old Price',
  stored: storedBump,
  mockStored: (found) => mockBumpOffer(found ? storedBump : null),
  unchangedBody: {
    url: storedBump.url,
    headline: 'Workbook',
    description: '',
    old_price: '19.00',
    new_price: '9.99',
    currency: '1',
  },
}

const upsellCase: PaidAddOnCase = {
  name: 'OTO Offer',
  Page: UpsellOfferFormPage,
  addUrl: '/dashboard/add-oto-offer',
  editUrl: (id) => `/dashboard/edit-oto-offer/${id}`,
  editPath: '/dashboard/edit-oto-offer/:id',
  endpoint: '/upsell-offer/',
  schema: upsellOfferSchema,
  listUrl: '/dashboard/oto-offers',
  selectParam: 'selectUpsell',
  saved: (id) => upsellOffer({ id }),
  requiredCount: 4,
  fillRequired: async (user) => {
    await user.type(textbox('Headline'), 'Video Course')
    await user.type(textbox('Product URL'), 'https://files.example/course')
    await user.type(textbox('Opt-in Button Text'), 'Yes, add it')
    await user.type(textbox('Product Price'), '49')
  },
  requiredBody: {
    headline: 'Video Course',
    url: 'https://files.example/course',
    opt_in_button: 'Yes, add it',
    product_price: '49',
    currency: '1',
    video_url: '',
    description: '',
  },
  fillEverything: async (user) => {
    await upsellCase.fillRequired(user)
    expect(within(textbox('Product Price').closest('.MuiInputBase-root') as HTMLElement).getByText('$')).toBeInTheDocument()
    await user.type(textbox('Video URL'), 'https://video.example/1')
    await user.click(screen.getByRole('checkbox', { name: 'Show Description' }))
    await user.upload(screen.getByLabelText('Logo'), pngFile('logo.png', 32))
  },
  everythingBody: {
    headline: 'Video Course',
    url: 'https://files.example/course',
    opt_in_button: 'Yes, add it',
    product_price: '49',
    currency: '1',
    video_url: 'https://video.example/1',
    description: '',
    logo: { name: 'logo.png', type: 'image/png', size: 32 },
  },
  priceField: { label: 'Product Price', name: 'product_price' },
  optionalField: 'Video URL',
  stored: storedUpsell,
  mockStored: (found) => mockUpsellOffer(found ? storedUpsell : null),
  unchangedBody: {
    headline: 'Video Course',
    url: 'https://files.example/course',
    opt_in_button: 'Yes, add it',
    product_price: '49.00',
    currency: '2',
    video_url: '',
    description: 'Twelve lessons',
  },
}

const cases = [bumpCase, upsellCase]

describe.each(cases)('Add New $name', (kind) => {
  const { Page, addUrl, endpoint } = kind
  const created =
    (id = offerId(150)) =>
    (): ReturnType<ApiResolver<PaidAddOnCase['schema']>> =>
      HttpResponse.json(kind.saved(id), { status: 201 })

  it('validates on blur and on change with the spec’s messages', async () => {
    const { user } = renderApp(<Page />, { url: addUrl, signedIn: true })

    expect(screen.getByRole('heading', { name: `Add New ${kind.name}` })).toBeInTheDocument()
    await user.click(textbox('Product URL'))
    await user.tab()
    expect(await screen.findByText('This field is required')).toBeInTheDocument()

    await user.type(textbox('Product URL'), 'files.example/workbook')
    expect(await screen.findByText('Must be a valid URL starting with http:// or https://')).toBeInTheDocument()
  })

  it('shows one required message per required field on Save, and sends nothing', async () => {
    const bodies = mockMultipart('post', endpoint, kind.schema, created())
    const { user } = renderApp(<Page />, { url: addUrl, signedIn: true })

    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findAllByText('This field is required')).toHaveLength(kind.requiredCount)
    expect(bodies).toEqual([])
  })

  it('sends the required fields, the optional ones empty and no image; then toasts and goes to the list', async () => {
    const bodies = mockMultipart('post', endpoint, kind.schema, created())
    const { user } = renderApp(<Page />, { url: addUrl, signedIn: true })

    await kind.fillRequired(user)
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText(`${kind.name} was successfully added.`)).toBeInTheDocument()
    expect(await findElsewhere()).toBe(kind.listUrl)
    expect(bodies).toEqual([kind.requiredBody])
  })

  it('sends every field, the unchecked ones empty and only the images chosen', async () => {
    const bodies = mockMultipart('post', endpoint, kind.schema, created())
    const { user } = renderApp(<Page />, { url: addUrl, signedIn: true })

    await kind.fillEverything(user)
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText(`${kind.name} was successfully added.`)).toBeInTheDocument()
    expect(bodies).toEqual([kind.everythingBody])
  })

  it('disables Save and shows its spinner while saving', async () => {
    let answer = () => {}
    const answered = new Promise<void>((resolve) => {
      answer = resolve
    })
    mockMultipart('post', endpoint, kind.schema, async () => {
      await answered
      return created()()
    })
    const { user } = renderApp(<Page />, { url: addUrl, signedIn: true })

    await kind.fillRequired(user)
    await user.click(screen.getByRole('button', { name: 'Save' }))

    const save = await waitFor(() => {
      const button = screen.getByRole('button', { name: 'Save' })
      expect(button).toBeDisabled()
      return button
    })
    expect(within(save).getByRole('progressbar')).toBeInTheDocument()
    answer()
    expect(await screen.findByText(`${kind.name} was successfully added.`)).toBeInTheDocument()
  })

  it('puts the server’s field errors on the fields, the rest in an alert, and logs a generic error', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    mockMultipart('post', endpoint, kind.schema, () =>
      fieldErrors({
        url: ['This link does not answer.'],
        asset_image: ['Upload a PNG or JPEG image.'],
        [kind.priceField.name]: ['Enter an amount such as 19 or 19.99.'],
        non_field_errors: ['Please check the form.'],
      }),
    )
    const { user } = renderApp(<Page />, { url: addUrl, signedIn: true })

    await kind.fillRequired(user)
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('Please check the form.')).toBeInTheDocument()
    expect(textbox('Product URL')).toHaveAccessibleDescription('This link does not answer.')
    expect(textbox(kind.priceField.label)).toHaveAccessibleDescription('Enter an amount such as 19 or 19.99.')
    expect(screen.getByText('Upload a PNG or JPEG image.')).toBeInTheDocument()
    expect(screen.queryByText('Something went wrong.')).not.toBeInTheDocument()
    expect(logged).toHaveBeenCalledWith('The offer could not be saved.', expect.anything())
    logged.mockRestore()
  })

  it('refuses a GIF naming the kinds it takes', async () => {
    renderApp(<Page />, { url: addUrl, signedIn: true })
    const user = userEvent.setup({ applyAccept: false })

    await user.upload(screen.getByLabelText('Asset Image'), new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }))

    expect(await screen.findByText('Upload a PNG or JPEG image.')).toBeInTheDocument()
    expect(screen.queryByRole('img', { name: 'Asset Image preview' })).not.toBeInTheDocument()
    // A keyboard or screen reader reaches the drop area as a named button.
    expect(screen.getByRole('button', { name: 'Asset Image: Drag a PNG or JPEG here, or click to choose one' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByText('Upload a PNG or JPEG image.')).not.toBeInTheDocument()
  })

  it('Cancel resets the add form', async () => {
    const { user } = renderApp(<Page />, { url: addUrl, signedIn: true })

    await kind.fillRequired(user)
    await user.click(screen.getByRole('checkbox', { name: `Show ${kind.optionalField}` }))
    expect(textbox(kind.optionalField)).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Cancel' }))

    expect(textbox('Product URL')).toHaveValue('')
    expect(textbox(kind.priceField.label)).toHaveValue('')
    expect(textbox(kind.optionalField)).toBeEnabled()
    expect(screen.getByRole('heading', { name: `Add New ${kind.name}` })).toBeInTheDocument()
  })

  it.each(['/dashboard/add-free-offer', `/dashboard/edit-free-offer/${offerId(1)}`])(
    'goes back to the free offer form it came from (%s), with the new offer selected',
    async (freeOfferForm) => {
      mockMultipart('post', endpoint, kind.schema, created(offerId(250)))
      const { user } = renderApp(<Page />, { url: `${addUrl}?returnTo=${encodeURIComponent(freeOfferForm)}`, signedIn: true })

      await kind.fillRequired(user)
      await user.click(screen.getByRole('button', { name: 'Save' }))

      expect(await findElsewhere()).toBe(`${freeOfferForm}?${kind.selectParam}=${offerId(250)}`)
    },
  )

  it('ignores a return hint that is not a free offer form', async () => {
    mockMultipart('post', endpoint, kind.schema, created())
    const { user } = renderApp(<Page />, { url: `${addUrl}?returnTo=https%3A%2F%2Fevil.example`, signedIn: true })

    await kind.fillRequired(user)
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await findElsewhere()).toBe(kind.listUrl)
  })
})

describe.each(cases)('Edit $name', (kind) => {
  const { Page, editPath, stored } = kind
  const editUrl = kind.editUrl(stored.id)

  it('starts from the offer and sends it back with the unchanged image left out; then toasts and goes to the list', async () => {
    kind.mockStored(true)
    const bodies = mockMultipart('put', `${kind.endpoint}:id/`, kind.schema, () => HttpResponse.json(stored))
    const { user } = renderApp(<Page />, { url: editUrl, path: editPath, signedIn: true })

    expect(await screen.findByRole('heading', { name: `Edit ${kind.name}` })).toBeInTheDocument()
    expect(textbox('Product URL')).toHaveValue(stored.url)
    expect(screen.getByRole('img', { name: 'Asset Image preview' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText(`${kind.name} was successfully updated.`)).toBeInTheDocument()
    expect(await findElsewhere()).toBe(kind.listUrl)
    expect(bodies).toEqual([kind.unchangedBody])
  })

  it('sends the image empty when it is removed', async () => {
    kind.mockStored(true)
    const bodies = mockMultipart('put', `${kind.endpoint}:id/`, kind.schema, () => HttpResponse.json(stored))
    const { user } = renderApp(<Page />, { url: editUrl, path: editPath, signedIn: true })

    await user.click(await screen.findByRole('button', { name: 'Remove Asset Image' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(bodies).toHaveLength(1))
    expect(bodies[0]?.asset_image).toBe('')
  })

  it('Cancel goes to the list', async () => {
    kind.mockStored(true)
    const { user } = renderApp(<Page />, { url: editUrl, path: editPath, signedIn: true })

    await user.click(await screen.findByRole('button', { name: 'Cancel' }))

    expect(await findElsewhere()).toBe(kind.listUrl)
  })

  it('sends an unknown offer to /404', async () => {
    kind.mockStored(false)
    renderApp(<Page />, { url: editUrl, path: editPath, signedIn: true })

    expect(await findElsewhere()).toBe('/404')
  })
})

describe('BUMP Offer fields', () => {
  it('starts an absent field unchecked and sends a field hidden on edit empty', async () => {
    mockBumpOffer(storedBump)
    const bodies = mockMultipart('put', '/bump-offer/:id/', bumpOfferSchema, () => HttpResponse.json(storedBump))
    const { user } = renderApp(<BumpOfferFormPage />, {
      url: `/dashboard/edit-bump-offer/${storedBump.id}`,
      path: '/dashboard/edit-bump-offer/:id',
      signedIn: true,
    })

    expect(await screen.findByRole('heading', { name: 'Edit BUMP Offer' })).toBeInTheDocument()
    expect(textbox('Old Price')).toHaveValue('19.00')
    // No description: its show box starts unchecked.
    expect(textbox('Description')).toBeDisabled()
    expect(screen.getByRole('img', { name: 'Asset Image preview' })).toHaveAttribute('src', '/media/workbook.png')

    await user.click(screen.getByRole('checkbox', { name: 'Show Headline' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('BUMP Offer was successfully updated.')).toBeInTheDocument()
    expect(bodies).toEqual([{ url: storedBump.url, headline: '', description: '', old_price: '19.00', new_price: '9.99', currency: '1' }])
  })
})

describe('OTO Offer fields', () => {
  const addUrl = '/dashboard/add-oto-offer'

  it('checks the video URL only while it is shown', async () => {
    const { user } = renderApp(<UpsellOfferFormPage />, { url: addUrl, signedIn: true })

    await user.type(textbox('Video URL'), 'youtube.com/watch')
    await user.tab()
    expect(await screen.findByText('Must be a valid URL starting with http:// or https://')).toBeInTheDocument()

    // Hidden, the video URL is not checked any more (it is sent empty).
    await user.click(screen.getByRole('checkbox', { name: 'Show Video URL' }))
    await waitFor(() => expect(screen.queryByText('Must be a valid URL starting with http:// or https://')).not.toBeInTheDocument())
  })

  it('starts from the offer and sends a replaced image, leaving the other out', async () => {
    const offer = upsellOffer({ video_url: 'https://video.example/1', logo: '/media/logo.png' })
    mockUpsellOffer(offer)
    const bodies = mockMultipart('put', '/upsell-offer/:id/', upsellOfferSchema, () => HttpResponse.json(offer))
    const { user } = renderApp(<UpsellOfferFormPage />, {
      url: `/dashboard/edit-oto-offer/${offer.id}`,
      path: '/dashboard/edit-oto-offer/:id',
      signedIn: true,
    })

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
})
