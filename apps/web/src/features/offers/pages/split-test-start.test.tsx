import { type SplitExperiment, splitExperimentSchema, splitTestMessages, splitVariantSchema } from '@funnelry/shared'
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { freeOffer } from '../../../testing/factories/offers'
import { splitExperiment } from '../../../testing/factories/split-tests'
import { apiHandler, server } from '../../../testing/msw'
import { renderApp } from '../../../testing/render'
import { mockDropdowns, mockFreeOffer, mockSplitHistory } from '../testing/offer-api'
import SplitTestPage from './split-test-page'

const offer = freeOffer({ headline: 'Seven Recipes', sub_headline: null, opt_in_button: 'Send me the guide' })
const armId = (n: number) => `00000000-0000-4000-8000-00000000001${n}`
const arm = (n: number, body: Record<string, unknown>) => ({
  id: armId(n),
  name: n === 0 ? 'Original' : `Variant ${String.fromCharCode(65 + n)}`,
  is_control: n === 0,
  weight: Number(body.weight),
  headline: String(body.headline),
  sub_headline: null,
  opt_in_button: String(body.opt_in_button),
  bump_offer_id: null,
  upsell_offer_id: null,
  asset_image: null,
  preview_url: `http://funnelry.test/free-offer/${offer.id}?isPreview=true&variant=${armId(n)}`,
})

/**
 * The API as the seller meets it: no test yet; the one start call records its body and answers the
 * arms it made, or `refusal` (with `status`).
 */
function startPage(refusal: Record<string, string[]> | null = null, status = 400) {
  const posted: { variants: Record<string, unknown>[]; control_weight: number }[] = []
  mockFreeOffer(offer)
  mockDropdowns()
  mockSplitHistory()
  server.use(
    apiHandler('get', '/free-product/:id/experiment/', splitExperimentSchema, () =>
      HttpResponse.json({ detail: 'This offer has no split test yet.' }, { status: 404 }),
    ),
    apiHandler('post', '/free-product/:id/experiment/', z.array(splitVariantSchema), async ({ request }) => {
      const body = (await request.json()) as (typeof posted)[number]
      posted.push(body)
      if (refusal) return HttpResponse.json(refusal, { status })
      const original = arm(0, { ...offer, weight: body.control_weight })
      return HttpResponse.json([original, ...body.variants.map((variant, index) => arm(index + 1, variant))], { status: 201 })
    }),
  )
  const rendered = renderApp(<SplitTestPage />, {
    url: `/dashboard/split-test/${offer.id}`,
    path: '/dashboard/split-test/:id',
    signedIn: true,
  })
  return { ...rendered, posted }
}

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

  it('clears a refused field’s message once the seller changes that field: a share (any share for the split), the minimum run', async () => {
    const { user, posted } = startPage()
    await screen.findByRole('region', { name: 'Variant B' })
    await user.click(screen.getByRole('button', { name: 'Add another variant' }))
    const weightOf = (name: string) => within(variant(name)).getByLabelText('Share of visitors for this variant (%)')
    const days = screen.getByLabelText('Minimum run (days)')
    await user.clear(weightOf('Variant B'))
    await user.type(weightOf('Variant B'), '60')
    await user.clear(weightOf('Variant C'))
    await user.type(weightOf('Variant C'), '50')
    await user.clear(days)
    await user.click(screen.getByRole('button', { name: 'Start the test' }))
    expect(posted).toEqual([])
    expect(screen.getByText(splitTestMessages.minimumDays)).toBeInTheDocument()
    expect(days).toHaveAttribute('aria-invalid', 'true')

    // Both shares corrected: the split is fine again and says so, without the original's refused share.
    await user.clear(weightOf('Variant B'))
    await user.type(weightOf('Variant B'), '30')
    await user.clear(weightOf('Variant C'))
    await user.type(weightOf('Variant C'), '30')
    expect(split().getByText('Original 40% · Variant B 30% · Variant C 30%')).toBeInTheDocument()
    expect(split().queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.queryByText(splitTestMessages.weight)).not.toBeInTheDocument()
    expect(split().getByText('The original page gets the share the variants leave.')).toBeInTheDocument()

    // The minimum run keeps its message until it is changed.
    expect(screen.getByText(splitTestMessages.minimumDays)).toBeInTheDocument()
    await user.type(days, '1')
    expect(screen.queryByText(splitTestMessages.minimumDays)).not.toBeInTheDocument()
    expect(days).toHaveAttribute('aria-invalid', 'false')
    expect(screen.getByText('No verdict before this.')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Start the test' }))
    await waitFor(() => expect(posted).toHaveLength(1))
    expect(posted[0]).toMatchObject({ control_weight: 40, minimum_days: 1 })
  })

  it('starts the test in one call with every variant, the original getting the share they leave', async () => {
    const { user, posted } = startPage()
    await screen.findByRole('region', { name: 'Variant B' })
    await user.click(screen.getByRole('button', { name: 'Add another variant' }))
    const headline = within(variant('Variant C')).getByLabelText('Headline')
    await user.clear(headline)
    await user.type(headline, 'Dinner in Ten Minutes')
    await user.click(screen.getByRole('button', { name: 'Start the test' }))

    await waitFor(() => expect(posted).toHaveLength(1))
    expect(posted[0]).toEqual({
      variants: [
        { headline: 'Seven Recipes', sub_headline: '', opt_in_button: 'Send me the guide', weight: 33 },
        { headline: 'Dinner in Ten Minutes', sub_headline: '', opt_in_button: 'Send me the guide', weight: 33 },
      ],
      control_weight: 34,
      minimum_days: 14,
      minimum_visitors: 200,
    })
  })

  it('puts the server’s field errors at the refused variant’s fields; nothing was started', async () => {
    const { user, posted } = startPage({ 'variants.1.headline': ['This field may not be blank.'] })
    await screen.findByRole('region', { name: 'Variant B' })
    await user.click(screen.getByRole('button', { name: 'Add another variant' }))
    await user.click(screen.getByRole('button', { name: 'Start the test' }))

    expect(await within(variant('Variant C')).findByText('This field may not be blank.')).toBeInTheDocument()
    expect(within(variant('Variant B')).queryByText('This field may not be blank.')).not.toBeInTheDocument()
    expect(posted).toHaveLength(1)
    expect(screen.getByRole('heading', { name: 'Start a split test' })).toBeInTheDocument()
  })

  it('when another tab started a test meanwhile (409): says so, keeps everything typed, and links to the running test', async () => {
    // The offer as the API holds it: no test when this tab opened, then one started from another tab.
    let running: SplitExperiment | null = null
    const posted: unknown[] = []
    mockFreeOffer(offer)
    mockDropdowns()
    mockSplitHistory()
    server.use(
      apiHandler('get', '/free-product/:id/experiment/', splitExperimentSchema, () =>
        running ? HttpResponse.json(running) : HttpResponse.json({ detail: 'This offer has no split test yet.' }, { status: 404 }),
      ),
      apiHandler('post', '/free-product/:id/experiment/', z.array(splitVariantSchema), async ({ request }) => {
        posted.push(await request.json())
        return HttpResponse.json({ detail: splitTestMessages.alreadyRunning }, { status: 409 })
      }),
    )
    const { user } = renderApp(<SplitTestPage />, {
      url: `/dashboard/split-test/${offer.id}`,
      path: '/dashboard/split-test/:id',
      signedIn: true,
    })
    await screen.findByRole('region', { name: 'Variant B' })
    await user.click(screen.getByRole('button', { name: 'Add another variant' }))
    const headline = within(variant('Variant C')).getByLabelText('Headline')
    await user.clear(headline)
    await user.type(headline, 'Dinner in Ten Minutes')
    await user.clear(screen.getByLabelText('Minimum run (days)'))
    await user.type(screen.getByLabelText('Minimum run (days)'), '21')

    running = runningTest()
    await user.click(screen.getByRole('button', { name: 'Start the test' }))

    const notice = await screen.findByRole('alert', { name: 'Your variants were not started' })
    expect(notice).toHaveTextContent(splitTestMessages.alreadyRunning)
    expect(within(notice).getByRole('link', { name: 'Go to the running test' })).toHaveAttribute('href', '#running-test')
    // The running test is on the page, and the form is still there with everything typed.
    expect(await screen.findByRole('table', { name: 'Split test results' })).toBeInTheDocument()
    expect(document.getElementById('running-test')).toContainElement(screen.getByRole('table', { name: 'Split test results' }))
    expect(posted).toHaveLength(1)
    // The running test took "Variant B" and "Variant C": this tab's variants are named on from them.
    expect(within(variant('Variant E')).getByLabelText('Headline')).toHaveValue('Dinner in Ten Minutes')
    expect(within(variant('Variant D')).getByLabelText('Headline')).toHaveValue('Seven Recipes')
    expect(screen.getByLabelText('Minimum run (days)')).toHaveValue(21)
    expect(split().getByText('Original (test 2) 34% · Variant D 33% · Variant E 33%')).toBeInTheDocument()
  })
})

/** The test another tab started: its original and two variants, no visitors yet. */
function runningTest(): SplitExperiment {
  const result = (n: number, name: string) => ({
    ...arm(n, { ...offer, weight: n === 0 ? 34 : 33 }),
    name,
    visitors: 0,
    opt_ins: 0,
    orders: 0,
    revenue: '0.00',
    revenue_per_visitor: '0.00',
    lift: null,
    chance_to_beat_control: null,
    expected_loss: null,
  })
  return splitExperiment({
    id: '00000000-0000-4000-8000-000000000099',
    variants: [result(0, 'Original'), result(1, 'Variant B'), result(2, 'Variant C')],
  })
}
