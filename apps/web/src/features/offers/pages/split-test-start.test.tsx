import { splitExperimentSchema, splitVariantSchema } from '@funnelry/shared'
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { freeOffer } from '../../../testing/factories/offers'
import { apiHandler, noContent, server } from '../../../testing/msw'
import { renderApp } from '../../../testing/render'
import { mockDropdowns, mockFreeOffer } from '../testing/offer-api'
import SplitTestPage from './split-test-page'

const offer = freeOffer({ headline: 'Seven Recipes', sub_headline: null, opt_in_button: 'Send me the guide' })
const variantId = (n: number) => `00000000-0000-4000-8000-00000000001${n}`
const made = (n: number, body: Record<string, unknown>) => ({
  id: variantId(n),
  name: `Variant ${String.fromCharCode(65 + n)}`,
  is_control: false,
  weight: Number(body.weight),
  headline: String(body.headline),
  sub_headline: null,
  opt_in_button: String(body.opt_in_button),
  bump_offer_id: null,
  upsell_offer_id: null,
  asset_image: null,
  preview_url: `http://funnelry.test/free-offer/${offer.id}?isPreview=true&variant=${variantId(n)}`,
})

/**
 * The API as the seller meets it: no test yet, each POST makes the next variant (or answers
 * `refuse(n)` for the n-th), each DELETE is recorded.
 */
function startPage(refuse: (n: number) => Record<string, string[]> | null = () => null, deleteRefused = false) {
  const posted: Record<string, unknown>[] = []
  const deleted: string[] = []
  mockFreeOffer(offer)
  mockDropdowns()
  server.use(
    apiHandler('get', '/free-product/:id/experiment/', splitExperimentSchema, () =>
      HttpResponse.json({ detail: 'This offer has no split test yet.' }, { status: 404 }),
    ),
    apiHandler('post', '/free-product/:id/variants/', splitVariantSchema, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>
      posted.push(body)
      const refusal = refuse(posted.length)
      return refusal ? HttpResponse.json(refusal, { status: 400 }) : HttpResponse.json(made(posted.length, body), { status: 201 })
    }),
    apiHandler('delete', '/free-product/:id/variants/:variantId/', noContent, ({ params }) => {
      if (deleteRefused) return HttpResponse.json({ detail: startedWithVisitors }, { status: 409 })
      deleted.push(String(params.variantId))
      return new HttpResponse(null, { status: 204 })
    }),
  )
  const rendered = renderApp(<SplitTestPage />, {
    url: `/dashboard/split-test/${offer.id}`,
    path: '/dashboard/split-test/:id',
    signedIn: true,
  })
  return { ...rendered, posted, deleted }
}

const startedWithVisitors =
  'This split test already has visitors: its variants and weights can no longer change. Pick a winner to end it, then start a new one.'
const variant = (name: string) => screen.getByRole('region', { name })
const split = () => within(screen.getByRole('group', { name: 'Traffic split' }))

describe('starting a split test with several variants (issue 27)', () => {
  it('adds variants up to four, each from the page, and splits the visitors evenly again each time', async () => {
    const { user } = startPage()
    await screen.findByRole('region', { name: 'Variant B' })
    expect(split().getByText('Original 50% · Variant B 50%')).toBeInTheDocument()
    // One variant is the least a test has: it cannot be removed.
    expect(screen.queryByRole('button', { name: 'Remove Variant B' })).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Add another variant' }))
    expect(within(variant('Variant C')).getByLabelText('Headline')).toHaveValue('Seven Recipes')
    expect(split().getByText('Original 34% · Variant B 33% · Variant C 33%')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Add another variant' }))
    await user.click(screen.getByRole('button', { name: 'Add another variant' }))
    expect(split().getByText('Original 20% · Variant B 20% · Variant C 20% · Variant D 20% · Variant E 20%')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add another variant' })).toBeDisabled()
    expect(screen.getByText('A split test has at most 4 variants besides the page itself.')).toBeInTheDocument()
  })

  it('removes a variant before starting: the ones after it move up and keep what the seller typed', async () => {
    const { user } = startPage()
    await screen.findByRole('region', { name: 'Variant B' })
    await user.click(screen.getByRole('button', { name: 'Add another variant' }))
    await user.click(screen.getByRole('button', { name: 'Add another variant' }))
    const headline = within(variant('Variant D')).getByLabelText('Headline')
    await user.clear(headline)
    await user.type(headline, 'Dinner in Ten Minutes')

    await user.click(screen.getByRole('button', { name: 'Remove Variant C' }))
    expect(screen.queryByRole('region', { name: 'Variant D' })).not.toBeInTheDocument()
    expect(within(variant('Variant C')).getByLabelText('Headline')).toHaveValue('Dinner in Ten Minutes')
    // Its preview shows what its visitors will see.
    expect(within(variant('Variant C')).getByRole('figure', { name: 'Preview of Variant C' })).toHaveTextContent('Dinner in Ten Minutes')
    expect(split().getByText('Original 34% · Variant B 33% · Variant C 33%')).toBeInTheDocument()
  })

  it('shows the split as the seller types, and refuses variants that leave the original nothing before sending anything', async () => {
    const { user, posted } = startPage()
    await screen.findByRole('region', { name: 'Variant B' })
    await user.click(screen.getByRole('button', { name: 'Add another variant' }))
    const weightOf = (name: string) => within(variant(name)).getByLabelText('Share of visitors for this variant (%)')
    await user.clear(weightOf('Variant B'))
    await user.type(weightOf('Variant B'), '20')
    expect(split().getByText('Original 47% · Variant B 20% · Variant C 33%')).toBeInTheDocument()

    await user.clear(weightOf('Variant C'))
    await user.type(weightOf('Variant C'), '85')
    expect(split().getByText('Original -5% · Variant B 20% · Variant C 85%')).toBeInTheDocument()
    expect(split().getByRole('alert')).toHaveTextContent(
      'The variants take 105% of the visitors: together they can take at most 99%, so the original page keeps at least 1%.',
    )
    await user.click(screen.getByRole('button', { name: 'Start the test' }))
    expect(posted).toEqual([])

    // A weight that is not a whole percent is said at its field.
    await user.clear(weightOf('Variant C'))
    await user.type(weightOf('Variant C'), '0')
    await user.click(screen.getByRole('button', { name: 'Start the test' }))
    expect(within(variant('Variant C')).getByText('Use a whole number of percent between 1 and 99.')).toBeInTheDocument()
    expect(posted).toEqual([])
    // The message goes once its field is changed; another field's change leaves it.
    await user.type(within(variant('Variant C')).getByLabelText('Headline'), '!')
    expect(within(variant('Variant C')).getByText('Use a whole number of percent between 1 and 99.')).toBeInTheDocument()
    await user.clear(weightOf('Variant C'))
    await user.type(weightOf('Variant C'), '40')
    expect(within(variant('Variant C')).queryByText('Use a whole number of percent between 1 and 99.')).not.toBeInTheDocument()

    await user.click(split().getByRole('button', { name: 'Split evenly' }))
    expect(split().getByText('Original 34% · Variant B 33% · Variant C 33%')).toBeInTheDocument()
  })

  it('makes the variants one after another, the original’s share set so every step adds up to 100', async () => {
    const { user, posted } = startPage()
    await screen.findByRole('region', { name: 'Variant B' })
    await user.click(screen.getByRole('button', { name: 'Add another variant' }))
    const headline = within(variant('Variant C')).getByLabelText('Headline')
    await user.clear(headline)
    await user.type(headline, 'Dinner in Ten Minutes')
    await user.click(screen.getByRole('button', { name: 'Start the test' }))

    await waitFor(() => expect(posted).toHaveLength(2))
    expect(posted[0]).toEqual({
      headline: 'Seven Recipes',
      sub_headline: '',
      opt_in_button: 'Send me the guide',
      weight: 33,
      control_weight: 67,
      minimum_days: 14,
      minimum_visitors: 200,
    })
    expect(posted[1]).toEqual({
      headline: 'Dinner in Ten Minutes',
      sub_headline: '',
      opt_in_button: 'Send me the guide',
      weight: 33,
      control_weight: 34,
    })
  })

  it('puts the server’s field errors at the refused variant’s fields and takes back the variants already made', async () => {
    const { user, posted, deleted } = startPage((n) => (n === 2 ? { headline: ['This field may not be blank.'] } : null))
    await screen.findByRole('region', { name: 'Variant B' })
    await user.click(screen.getByRole('button', { name: 'Add another variant' }))
    await user.click(screen.getByRole('button', { name: 'Start the test' }))

    expect(await within(variant('Variant C')).findByText('This field may not be blank.')).toBeInTheDocument()
    expect(within(variant('Variant B')).queryByText('This field may not be blank.')).not.toBeInTheDocument()
    expect(posted).toHaveLength(2)
    // Variant B was made first: it is deleted, so no half test runs; the form stays to fix and retry.
    expect(deleted).toEqual([variantId(1)])
    expect(screen.getByRole('heading', { name: 'Start a split test' })).toBeInTheDocument()
  })

  it('says so when a visitor came between the calls: the test runs with the variants made, and which were not', async () => {
    const { user, deleted } = startPage((n) => (n === 2 ? { detail: [startedWithVisitors] } : null), true)
    await screen.findByRole('region', { name: 'Variant B' })
    await user.click(screen.getByRole('button', { name: 'Add another variant' }))
    await user.click(screen.getByRole('button', { name: 'Start the test' }))

    expect(await screen.findByText(`The test started without Variant C: ${startedWithVisitors}.`)).toBeInTheDocument()
    expect(deleted).toEqual([])
  })
})
