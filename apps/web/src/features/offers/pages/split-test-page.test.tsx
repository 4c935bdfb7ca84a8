import { offerMessages, type SplitExperiment, splitExperimentSchema, splitTestMessages, splitVariantSchema } from '@funnelry/shared'
import { screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { freeOffer } from '../../../testing/factories/offers'
import { splitExperiment } from '../../../testing/factories/split-tests'
import { resetViewport, setViewportWidth } from '../../../testing/media'
import { apiHandler, server } from '../../../testing/msw'
import { renderApp } from '../../../testing/render'
import { mockDropdowns, mockFreeOffer, mockSplitHistory } from '../testing/offer-api'
import SplitTestPage from './split-test-page'

const offer = freeOffer({ headline: 'Seven Recipes' })
const arm = (id: string, name: string, overrides: Partial<SplitExperiment['variants'][number]> = {}) => ({
  id,
  name,
  is_control: name.startsWith('Original'),
  weight: 50,
  headline: name === 'Original' ? 'Seven Recipes' : 'Recipes That Pay',
  sub_headline: null,
  opt_in_button: 'Send me the guide',
  bump_offer_id: null,
  upsell_offer_id: null,
  asset_image: null,
  preview_url: `http://funnelry.test/free-offer/${offer.id}?isPreview=true&variant=${id}`,
  visitors: 400,
  opt_ins: 120,
  orders: 20,
  revenue: '180.00',
  revenue_per_visitor: '0.45',
  lift: name === 'Original' ? null : 0.25,
  chance_to_beat_control: name === 'Original' ? null : 0.93,
  expected_loss: name === 'Original' ? null : 0.012,
  ...overrides,
})
const day = (date: string, value: number) => ({ day: date, revenue_per_visitor: value, low: value - 0.2, high: value + 0.2 })
const originalId = '00000000-0000-4000-8000-000000000001'
const variantId = '00000000-0000-4000-8000-000000000002'
const experiment = (overrides: Partial<SplitExperiment> = {}): SplitExperiment =>
  splitExperiment({
    minimum_reached: true,
    verdict: 'ready',
    variants: [arm(originalId, 'Original'), arm(variantId, 'Variant B', { revenue_per_visitor: '0.56' })],
    srm_p_value: 0.4,
    series: [
      { variant_id: originalId, points: [day('2026-11-01', 0.4), day('2026-11-02', 0.42)] },
      { variant_id: variantId, points: [day('2026-11-01', 0.5), day('2026-11-02', 0.55)] },
    ],
    ...overrides,
  })

function show(answer: SplitExperiment | null, past: SplitExperiment[] = []) {
  mockFreeOffer(offer)
  mockDropdowns()
  mockSplitHistory(past)
  server.use(
    apiHandler('get', '/free-product/:id/experiment/', splitExperimentSchema, () =>
      answer ? HttpResponse.json(answer) : HttpResponse.json({ detail: 'This offer has no split test yet.' }, { status: 404 }),
    ),
  )
  return renderApp(<SplitTestPage />, { url: `/dashboard/split-test/${offer.id}`, path: '/dashboard/split-test/:id', signedIn: true })
}

afterEach(resetViewport)

describe('the split test page (issue 27)', () => {
  it('starts a test from the page: the fields come filled with the page’s, the original gets the rest of the traffic', async () => {
    const sent: unknown[] = []
    server.use(
      apiHandler('post', '/free-product/:id/experiment/', z.array(splitVariantSchema), async ({ request }) => {
        sent.push(await request.json())
        return HttpResponse.json({ weight: ['The traffic weights must add up to 100%: these add up to 120%.'] }, { status: 400 })
      }),
    )
    const { user } = show(null)
    await screen.findByRole('heading', { name: 'Start a split test' })
    const headline = await screen.findByLabelText('Headline')
    expect(headline).toHaveValue('Seven Recipes')
    await user.type(headline, ' Now')
    await user.click(screen.getByText('Start the test'))
    expect(await screen.findByText('The traffic weights must add up to 100%: these add up to 120%.')).toBeInTheDocument()
    expect(sent[0]).toMatchObject({
      variants: [{ headline: 'Seven Recipes Now', weight: 50 }],
      control_weight: 50,
      minimum_days: 14,
      minimum_visitors: 200,
    })
  })

  it('gives the variant its own image: the test is started, then the variant’s image uploaded as a form', async () => {
    const uploads: { url: string; image: FormDataEntryValue | null }[] = []
    const made = arm(variantId, 'Variant B')
    server.use(
      apiHandler('post', '/free-product/:id/experiment/', z.array(splitVariantSchema), () =>
        HttpResponse.json([arm(originalId, 'Original'), made], { status: 201 }),
      ),
      apiHandler('put', '/free-product/:id/variants/:variantId/image/', splitVariantSchema, async ({ request }) => {
        uploads.push({ url: new URL(request.url).pathname, image: (await request.formData()).get('asset_image') })
        return HttpResponse.json({ ...made, asset_image: '/media/images/photo.png' })
      }),
    )
    const { user } = show(null)
    const photo = new File([new Uint8Array([137, 80, 78, 71])], 'photo.png', { type: 'image/png' })
    await user.upload(await screen.findByLabelText('Image (leave empty to keep the page’s)'), photo)
    await user.click(screen.getByText('Start the test'))
    await waitFor(() => expect(uploads).toHaveLength(1))
    expect(uploads[0]?.url).toBe(`/api/v1/free-product/${offer.id}/variants/${variantId}/image/`)
    // A file part, of the picture's type.
    const image = uploads[0]?.image
    expect(typeof image).not.toBe('string')
    expect(typeof image === 'string' ? image : image?.type).toBe('image/png')
  })

  it('refuses a file that is not a PNG or JPEG picture at the variant’s image, and starts the test without it', async () => {
    const starts: unknown[] = []
    const uploads: string[] = []
    server.use(
      apiHandler('post', '/free-product/:id/experiment/', z.array(splitVariantSchema), async ({ request }) => {
        starts.push(await request.json())
        return HttpResponse.json([arm(originalId, 'Original'), arm(variantId, 'Variant B')], { status: 201 })
      }),
      apiHandler('put', '/free-product/:id/variants/:variantId/image/', splitVariantSchema, ({ request }) => {
        uploads.push(new URL(request.url).pathname)
        return HttpResponse.json({ asset_image: [offerMessages.imageType] }, { status: 400 })
      }),
    )
    const { user } = show(null)
    const input = await screen.findByLabelText('Image (leave empty to keep the page’s)')
    const variantB = screen.getByRole('region', { name: 'Variant B' })
    // A text file named like a picture: the browser calls it image/png, but it does not decode.
    await user.upload(input, new File(['just some text'], 'fake.png', { type: 'image/png' }))
    expect(await within(variantB).findByRole('alert')).toHaveTextContent('Upload a PNG or JPEG image.')
    expect(screen.queryByRole('img', { name: 'Image (leave empty to keep the page’s) preview' })).not.toBeInTheDocument()
    expect(within(variantB).queryByText('fake.png')).not.toBeInTheDocument()
    // Nor a file whose type is not PNG or JPEG, whatever its name.
    await user.upload(input, new File([new Uint8Array([137, 80, 78, 71])], 'notes.png', { type: 'text/plain' }))
    expect(within(variantB).getByRole('alert')).toHaveTextContent('Upload a PNG or JPEG image.')
    expect(within(variantB).queryByText('notes.png')).not.toBeInTheDocument()

    // The test runs once started: its results show after the start call and any image upload are done.
    server.use(apiHandler('get', '/free-product/:id/experiment/', splitExperimentSchema, () => HttpResponse.json(experiment())))
    await user.click(screen.getByText('Start the test'))
    expect(await screen.findByRole('heading', { name: 'Results so far' })).toBeInTheDocument()
    expect(starts).toHaveLength(1)
    expect(uploads).toEqual([])
    expect(screen.queryByText(/was not saved/)).not.toBeInTheDocument()
  })

  it('says in one sentence when the server refused a variant’s image after the test started (no double full stop)', async () => {
    server.use(
      apiHandler('post', '/free-product/:id/experiment/', z.array(splitVariantSchema), () =>
        HttpResponse.json([arm(originalId, 'Original'), arm(variantId, 'Variant B')], { status: 201 }),
      ),
      apiHandler('put', '/free-product/:id/variants/:variantId/image/', splitVariantSchema, () =>
        HttpResponse.json({ asset_image: [offerMessages.imageType] }, { status: 400 }),
      ),
    )
    const { user } = show(null)
    // A picture the browser draws, which the server still refuses (its own checks of the bytes).
    const photo = new File([new Uint8Array([137, 80, 78, 71])], 'photo.png', { type: 'image/png' })
    await user.upload(await screen.findByLabelText('Image (leave empty to keep the page’s)'), photo)
    expect(await screen.findByText('photo.png')).toBeInTheDocument()
    await user.click(screen.getByText('Start the test'))
    expect(
      await screen.findByText(
        'The test started, but the image of Variant B was not saved: Upload a PNG or JPEG image. It shows the page’s image.',
      ),
    ).toBeInTheDocument()
  })

  it('shows each variant’s chance to beat control and expected loss, and a plot', async () => {
    show(experiment())
    const table = await screen.findByRole('table', { name: 'Split test results' })
    const row = within(table).getByRole('row', { name: /Variant B/ })
    expect(row).toHaveTextContent('93.0%')
    expect(row).toHaveTextContent('1.2%')
    expect(row).toHaveTextContent('$0.56')
    expect(screen.getByRole('alert')).toHaveTextContent('No clear winner yet: Variant B has a 93.0% chance to beat the original')
    const plot = screen.getByRole('img', { name: /Revenue per visitor over time/ })
    // Each line names its arm's latest figure as money (the series are in currency units, not cents).
    const titles = [...plot.querySelectorAll('title')].map((title) => title.textContent)
    expect(titles.length).toBeGreaterThan(0)
    for (const title of titles) expect(title).toMatch(/^.+: \$\d+\.\d{2} per visitor$/)
    expect(screen.getByText(/per visitor at the top/)).toHaveTextContent(
      /from \$0\.00 at the bottom to \$\d+\.\d{2} per visitor at the top/,
    )
  })

  it('with three variants: a row, a line and a legend entry per arm, and a verdict naming every winner', async () => {
    const c = '00000000-0000-4000-8000-000000000003'
    const d = '00000000-0000-4000-8000-000000000004'
    const four = experiment({
      variants: [
        arm(originalId, 'Original', { weight: 25 }),
        arm(variantId, 'Variant B', { weight: 25, revenue_per_visitor: '0.56', chance_to_beat_control: 0.97 }),
        arm(c, 'Variant C', { weight: 25, revenue_per_visitor: '0.61', chance_to_beat_control: 0.99 }),
        arm(d, 'Variant D', { weight: 25, revenue_per_visitor: '0.30', chance_to_beat_control: 0.2 }),
      ],
      series: [
        { variant_id: originalId, points: [day('2026-11-01', 0.4), day('2026-11-02', 0.42)] },
        { variant_id: variantId, points: [day('2026-11-01', 0.5), day('2026-11-02', 0.56)] },
        { variant_id: c, points: [day('2026-11-01', 0.6), day('2026-11-02', 0.61)] },
        { variant_id: d, points: [day('2026-11-01', 0.3), day('2026-11-02', 0.3)] },
      ],
    })
    show(four)
    const table = await screen.findByRole('table', { name: 'Split test results' })
    expect(within(table).getAllByRole('row')).toHaveLength(5)
    expect(within(table).getByRole('row', { name: /Variant D/ })).toHaveTextContent('20.0%')
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Variant B and Variant C each earn more per visitor than the original (chances to beat it: 97.0% and 99.0%)',
    )
    expect(screen.getByRole('alert')).toHaveTextContent('Variant C earns the most per visitor so far')
    const plot = screen.getByRole('img', { name: /Revenue per visitor over time/ })
    expect(plot.querySelectorAll('polyline')).toHaveLength(4)
    // Lines differ by dash as well as colour: four colours alone are hard to tell apart.
    expect(new Set([...plot.querySelectorAll('polyline')].map((line) => line.getAttribute('stroke-dasharray'))).size).toBe(4)
    const legend = plot.closest('figure')?.querySelector('figcaption')
    for (const entry of ['Original: $0.42', 'Variant B: $0.56', 'Variant C: $0.61', 'Variant D: $0.30'])
      expect(legend).toHaveTextContent(entry)
  })

  it('on a phone, shows every figure of each variant and its button in a card', async () => {
    setViewportWidth(390)
    show(experiment())
    const list = await screen.findByRole('list', { name: 'Split test results' })
    const card = within(list).getByRole('listitem', { name: 'Variant B' })
    expect(card).toHaveTextContent('Chance to beat control93.0%')
    expect(card).toHaveTextContent('Expected loss1.2%')
    expect(card).toHaveTextContent('Revenue per visitor$0.56')
    expect(within(card).getByRole('button', { name: 'Make this the page: Variant B' })).toBeInTheDocument()
    expect(screen.queryByRole('table', { name: 'Split test results' })).not.toBeInTheDocument()
  })

  it('says when the plot comes while there is one day of data', async () => {
    show(experiment({ series: [{ variant_id: originalId, points: [day('2026-11-01', 0.4)] }] }))
    expect(await screen.findByText('The plot appears after the second day.')).toBeInTheDocument()
    expect(screen.queryByRole('img', { name: /Revenue per visitor over time/ })).not.toBeInTheDocument()
  })

  it('says inconclusive before the minimum run', async () => {
    show(experiment({ verdict: 'inconclusive', minimum_reached: false }))
    expect(await screen.findByText(/Inconclusive: the test runs at least 14 days and 200 visitors per variant/)).toBeInTheDocument()
    const row = within(screen.getByRole('table', { name: 'Split test results' })).getByRole('row', { name: /Variant B/ })
    expect(row).not.toHaveTextContent('93.0%')
    expect(row).toHaveTextContent('Inconclusive')
  })

  it('says "1 day" for a one-day minimum', async () => {
    show(experiment({ verdict: 'inconclusive', minimum_reached: false, minimum_days: 1 }))
    expect(await screen.findByText(/the test runs at least 1 day and 200 visitors/)).toBeInTheDocument()
  })

  it('shows an ended test as ended, without the inconclusive note', async () => {
    show(experiment({ status: 'ended', verdict: 'inconclusive', winner_variant_id: variantId, ended_at: '2026-11-20T10:00:00.000Z' }))
    expect(await screen.findByRole('heading', { name: 'Ended: Variant B is the page' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Split test' })).toBeInTheDocument()
    expect(screen.queryByText(/Inconclusive:/)).not.toBeInTheDocument()
  })

  it('keeps the past tests readable: their dates, winner and final results, and new variants named on from theirs', async () => {
    const c = '00000000-0000-4000-8000-000000000003'
    const first = experiment({
      status: 'ended',
      winner_variant_id: variantId,
      ended_at: '2026-11-10T10:00:00.000Z',
      variants: [arm(originalId, 'Original'), arm(variantId, 'Variant B', { visitors: 321 })],
    })
    const second = experiment({
      id: '00000000-0000-4000-8000-000000000019',
      number: 2,
      status: 'ended',
      started_at: '2026-11-12T10:00:00.000Z',
      ended_at: '2026-11-20T10:00:00.000Z',
      winner_variant_id: c,
      variants: [arm('00000000-0000-4000-8000-000000000005', 'Original (test 2)'), arm(c, 'Variant C')],
    })
    const { user } = show(second, [second, first])
    expect(await screen.findByRole('heading', { name: 'Ended: Variant C is the page' })).toBeInTheDocument()
    const link = await screen.findByRole('link', { name: /See the past test/ })
    expect(link).toHaveAttribute('href', '#past-tests')
    // The test shown above is not listed again; the first one is, with its winner.
    const past = screen.getByRole('region', { name: 'Past tests' })
    expect(within(past).queryByText(/^Test 2:/)).not.toBeInTheDocument()
    await user.click(within(past).getByRole('button', { name: /^Test 1: .* winner Variant B$/ }))
    const table = within(past).getByRole('table', { name: 'Results of test 1' })
    const row = within(table).getByRole('row', { name: /Variant B/ })
    expect(row).toHaveTextContent('Variant B (winner)')
    expect(row).toHaveTextContent('321')
    expect(within(table).queryByRole('button', { name: /Make this the page/ })).not.toBeInTheDocument()
    // B and C are taken on this offer: the next test's first variant is D, and its original is test 3's.
    expect(await screen.findByRole('region', { name: 'Variant D' })).toBeInTheDocument()
    expect(
      within(screen.getByRole('group', { name: 'Traffic split' })).getByText('Original (test 3) 50% · Variant D 50%'),
    ).toBeInTheDocument()
  })

  it('names a second test’s original “Original (test 2)” in the results, the plot’s legend and the phone cards alike', async () => {
    const c = '00000000-0000-4000-8000-000000000003'
    const original = '00000000-0000-4000-8000-000000000005'
    const second = experiment({
      id: '00000000-0000-4000-8000-000000000019',
      number: 2,
      variants: [
        arm(original, 'Original (test 2)', { lift: null, chance_to_beat_control: null, expected_loss: null }),
        arm(c, 'Variant C', { revenue_per_visitor: '0.56' }),
      ],
      series: [
        { variant_id: original, points: [day('2026-11-01', 0.4), day('2026-11-02', 0.42)] },
        { variant_id: c, points: [day('2026-11-01', 0.5), day('2026-11-02', 0.55)] },
      ],
    })
    const first = experiment({ status: 'ended', winner_variant_id: variantId, ended_at: '2026-11-10T10:00:00.000Z' })
    show(second, [first])
    const table = await screen.findByRole('table', { name: 'Split test results' })
    expect(within(table).getByRole('row', { name: /Original \(test 2\)/ })).toHaveTextContent('—')
    const legend = screen
      .getByRole('img', { name: /Revenue per visitor over time/ })
      .closest('figure')
      ?.querySelector('figcaption')
    expect(legend).toHaveTextContent('Original (test 2): $0.42')
    expect(screen.getByRole('button', { name: 'Make this the page: Original (test 2)' })).toBeInTheDocument()
  })

  it('hides the verdict behind a warning when the split is broken (SRM)', async () => {
    show(experiment({ verdict: 'hidden', srm_warning: true, srm_p_value: 0.00002 }))
    expect(await screen.findByText(/The visitors are not split as the weights say/)).toBeInTheDocument()
    const row = within(screen.getByRole('table', { name: 'Split test results' })).getByRole('row', { name: /Variant B/ })
    expect(row).toHaveTextContent('Hidden')
    expect(row).not.toHaveTextContent('93.0%')
  })

  it('makes the chosen variant the page', async () => {
    const picked: unknown[] = []
    server.use(
      apiHandler('post', '/free-product/:id/experiment/winner/', splitExperimentSchema, async ({ request }) => {
        picked.push(await request.json())
        mockFreeOffer({ ...offer, headline: 'Recipes That Pay' })
        return HttpResponse.json(experiment({ status: 'ended', winner_variant_id: variantId, ended_at: '2026-11-20T10:00:00.000Z' }))
      }),
    )
    const { user } = show(experiment())
    await user.click(await screen.findByRole('button', { name: 'Make this the page: Variant B' }))
    const dialog = await screen.findByRole('dialog', { name: 'Make Variant B the page?' })
    expect(dialog).toHaveTextContent('This ends the split test and makes Variant B the page')
    // 93% is short of a clear winner: the dialog says so before the seller commits.
    expect(dialog).toHaveTextContent('Careful: Variant B has only a 93.0% chance to beat the original.')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitForElementToBeRemoved(dialog)
    expect(picked).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Make this the page: Variant B' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Make it the page' }))
    expect(await screen.findByRole('heading', { name: 'Ended: Variant B is the page' })).toBeInTheDocument()
    expect(picked).toEqual([{ variant_id: variantId }])
    // The page is the winner now: the next test starts from its headline, under its own heading.
    expect(screen.getByRole('heading', { level: 1, name: 'Split test' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Start a new split test' })).toBeInTheDocument()
    expect(await screen.findByLabelText('Headline')).toHaveValue('Recipes That Pay')
  })

  it('when another tab already ended the test (409): shows the ended test and keeps saying it had already ended', async () => {
    const ended = experiment({ status: 'ended', winner_variant_id: variantId, ended_at: '2026-11-20T10:00:00.000Z' })
    // The test runs when this tab opens; another tab then makes Variant B the page.
    let answer = experiment()
    const picked: unknown[] = []
    const { user } = show(answer)
    server.use(
      apiHandler('get', '/free-product/:id/experiment/', splitExperimentSchema, () => HttpResponse.json(answer)),
      apiHandler('post', '/free-product/:id/experiment/winner/', splitExperimentSchema, async ({ request }) => {
        picked.push(await request.json())
        return HttpResponse.json({ detail: splitTestMessages.alreadyEnded }, { status: 409 })
      }),
    )
    expect(await screen.findByRole('heading', { name: 'Results so far' })).toBeInTheDocument()
    answer = ended
    mockFreeOffer({ ...offer, headline: 'Recipes That Pay' })
    await user.click(screen.getByRole('button', { name: 'Make this the page: Variant B' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Make it the page' }))

    expect(await screen.findByRole('heading', { name: 'Ended: Variant B is the page' })).toBeInTheDocument()
    expect(picked).toEqual([{ variant_id: variantId }])
    expect(screen.queryByRole('heading', { name: 'Results so far' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Make this the page/ })).not.toBeInTheDocument()
    // Said where the results are, not only in a toast that goes.
    const results = screen.getByRole('heading', { name: 'Ended: Variant B is the page' }).closest('.MuiPaper-root')
    expect(within(results as HTMLElement).getByText(splitTestMessages.alreadyEnded)).toBeInTheDocument()
    // The page is the other tab's winner: the next test starts from it.
    expect(await screen.findByLabelText('Headline')).toHaveValue('Recipes That Pay')
  })
})
