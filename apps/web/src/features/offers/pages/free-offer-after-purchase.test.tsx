import { freeOfferSchema, postPurchaseMessages } from '@funnelry/shared'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { freeOffer, offerId } from '../../../testing/factories/offers'
import { renderApp } from '../../../testing/render'
import { afterPurchaseTexts } from '../components/after-purchase-panel'
import { fieldErrors, mockMultipart } from '../testing/multipart'
import { mockDropdowns, mockFreeOffer, mockOfferStats } from '../testing/offer-api'
import FreeOfferFormPage from './free-offer-form-page'

const addUrl = '/dashboard/add-free-offer'
const course = { id: offerId(201), headline: 'Video Course' }
const lite = { id: offerId(202), headline: 'Video Course Lite' }
const coaching = { id: offerId(203), headline: 'Coaching' }

beforeEach(() => mockOfferStats())
afterEach(() => vi.restoreAllMocks())

async function fillRequired(user: ReturnType<typeof renderApp>['user']) {
  await user.type(screen.getByRole('textbox', { name: 'Headline' }), 'The Ultimate Guide')
  await user.type(screen.getByRole('textbox', { name: 'Asset URL' }), 'https://files.example/guide.pdf')
  await user.type(screen.getByRole('textbox', { name: 'Opt-in Button Text' }), 'Get it now')
}
async function choose(user: ReturnType<typeof renderApp>['user'], label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }))
  await user.click(await screen.findByRole('option', { name: option }))
}

/** Decision D34: the free offer form's "After purchase" section. */
describe('After purchase steps', () => {
  it('sends up to 3 steps as one JSON field, previews the sequence, and shows the server refusal', async () => {
    // The form logs the refused save; the refusal is what this test is about.
    vi.spyOn(console, 'error').mockImplementation(() => {})
    mockDropdowns({ bumps: [], upsells: [course, lite, coaching] })
    const bodies = mockMultipart('post', '/free-product/', freeOfferSchema, () =>
      fieldErrors({ after_purchase: [postPurchaseMessages.chooseStepOffer] }),
    )
    const { user } = renderApp(<FreeOfferFormPage />, { url: addUrl, signedIn: true })
    await fillRequired(user)

    const add = screen.getByRole('button', { name: 'Add a step' })
    await user.click(add)
    await choose(user, 'Step 1 OTO Offer', 'Video Course')
    await choose(user, 'Step 1 downsell (if declined)', 'Video Course Lite')
    await user.click(add)
    await choose(user, 'Step 2 OTO Offer', 'Coaching')
    await user.click(add)
    expect(add).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Remove step 3' }))

    const preview = screen.getByRole('region', { name: 'Sequence preview' })
    expect(
      within(preview)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Payment', 'Video Course — if declined: Video Course Lite', 'Coaching', 'Thank-you page, listing every charge'])

    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText(postPurchaseMessages.chooseStepOffer)).toBeInTheDocument()
    expect(JSON.parse(String(bodies[0]?.after_purchase))).toEqual([
      { upsell_offer_id: course.id, downsell_offer_id: lite.id },
      { upsell_offer_id: coaching.id, downsell_offer_id: null },
    ])
    // Many presses through MUI selects: slow on a loaded machine, so it gets more than the default time.
  }, 90_000)

  it('says the steps need something to pay for, until a BUMP or OTO is attached, and how many steps there can be', async () => {
    mockDropdowns({ bumps: [{ id: offerId(204), headline: 'Checklist' }], upsells: [course] })
    const { user } = renderApp(<FreeOfferFormPage />, { url: addUrl, signedIn: true })
    const add = screen.getByRole('button', { name: 'Add a step' })
    expect(add).toHaveAccessibleDescription(afterPurchaseTexts.atMost)
    await user.click(add)
    await choose(user, 'Step 1 OTO Offer', 'Video Course')
    expect(screen.getByText(afterPurchaseTexts.needsPayment)).toBeInTheDocument()
    await choose(user, 'BUMP Offer', 'Checklist')
    expect(screen.queryByText(afterPurchaseTexts.needsPayment)).not.toBeInTheDocument()
  })

  it('warns as soon as one OTO offer is chosen twice, before any save', async () => {
    mockDropdowns({ bumps: [], upsells: [course, lite] })
    const { user } = renderApp(<FreeOfferFormPage />, { url: addUrl, signedIn: true })
    await user.click(screen.getByRole('button', { name: 'Add a step' }))
    await choose(user, 'Step 1 OTO Offer', 'Video Course')
    await choose(user, 'Step 1 downsell (if declined)', 'Video Course Lite')
    expect(screen.queryByText(postPurchaseMessages.repeatedStepOffer)).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Add a step' }))
    await choose(user, 'Step 2 OTO Offer', 'Video Course')
    expect(screen.getByText(postPurchaseMessages.repeatedStepOffer)).toBeInTheDocument()
  }, 90_000)

  it('starts from the saved steps when editing', async () => {
    const offer = freeOffer({ after_purchase: [{ upsell_offer_id: course.id, downsell_offer_id: null }] })
    mockDropdowns({ bumps: [], upsells: [course] })
    mockFreeOffer(offer)
    renderApp(<FreeOfferFormPage />, {
      url: `/dashboard/edit-free-offer/${offer.id}`,
      path: '/dashboard/edit-free-offer/:id',
      signedIn: true,
    })
    const step = await screen.findByRole('combobox', { name: 'Step 1 OTO Offer' })
    await waitFor(() => expect(step).toHaveTextContent('Video Course'))
  })
})
