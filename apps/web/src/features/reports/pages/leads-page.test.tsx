import { type LeadList, leadListSchema, reportMessages, tokenPairSchema } from '@funnelry/shared'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { formatDateTime } from '../../../lib/format-date-time'
import { checklist, guide, lead, uuid } from '../../../testing/factories/reports'
import { setViewportWidth } from '../../../testing/media'
import { apiHandler, fileText, server } from '../../../testing/msw'
import { renderApp } from '../../../testing/render'
import { fakeAccessToken } from '../../../testing/tokens'
import { captureDownloads } from '../testing/capture-downloads'
import { mockLeadExport, mockLeads, mockOfferOptions } from '../testing/mock-reports-api'
import LeadsPage from './leads-page'

const url = '/dashboard/leads'
const open = (search = '') => renderApp(<LeadsPage />, { url: `${url}${search}`, path: url, signedIn: true })

const ada = lead()
const alan = lead({
  id: uuid(101),
  full_name: 'Alan Turing',
  email: 'alan@example.com',
  free_offer: checklist,
  created_at: '2025-01-30T08:00:00.000Z',
})

const table = () => screen.findByRole('table', { name: 'Leads' })
const bodyRows = async () =>
  within(await table())
    .getAllByRole('row')
    .slice(1)

let restoreDownloads: (() => void) | undefined
afterEach(() => {
  restoreDownloads?.()
  restoreDownloads = undefined
})

describe('Leads page', () => {
  it('shows each lead: name, email, free offer and when they signed up, in the browser’s locale', async () => {
    const sent = mockLeads([ada, alan])
    mockOfferOptions()
    open()

    expect(screen.getByRole('heading', { level: 1, name: 'Leads' })).toBeInTheDocument()
    const [first, second] = await bodyRows()
    expect(
      within(await table())
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Email', 'Free offer', 'Campaign', 'Variant', 'Signed up'])
    expect(
      first &&
        within(first)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
    ).toEqual(['Ada Lovelace', 'ada@example.com', 'The Ultimate Guide', 'Direct', '—No split test', formatDateTime(ada.created_at)])
    expect(second && within(second).getByText('Launch Checklist')).toBeInTheDocument()
    expect(
      screen.getByText((_, element) => element?.tagName === 'TIME' && element.textContent === formatDateTime(ada.created_at)),
    ).toHaveAttribute('datetime', ada.created_at)
    expect(screen.getByText('2 results')).toBeInTheDocument()
    expect(sent.at(-1)).toEqual({ page: '1', page_size: '25' })
  })

  it('searches once typing pauses, keeps the search in the URL and starts again at page 1', async () => {
    const sent = mockLeads([ada], 60)
    mockOfferOptions()
    const { user, router } = open('?page=2')
    await table()
    expect(sent.at(-1)).toEqual({ page: '2', page_size: '25' })

    await user.type(screen.getByRole('searchbox', { name: 'Search name or email' }), '  ada@ex ')

    // One search a pause, not one a letter, is SearchField's own test (on a fake clock).
    await waitFor(() => expect(sent.at(-1)).toEqual({ page: '1', page_size: '25', search: 'ada@ex' }))
    expect(router.state.location.search).toBe('?search=ada%40ex')
    expect(screen.getByRole('searchbox', { name: 'Search name or email' })).toHaveValue('  ada@ex ')
  })

  it('shows the search of the URL when it changes elsewhere (back button, a link)', async () => {
    mockLeads([ada])
    mockOfferOptions()
    const { router } = open('?search=ada')
    await table()

    await act(() => router.navigate('/dashboard/leads?search=alan'))
    expect(screen.getByRole('searchbox', { name: 'Search name or email' })).toHaveValue('alan')
    await act(() => router.navigate('/dashboard/leads'))
    expect(screen.getByRole('searchbox', { name: 'Search name or email' })).toHaveValue('')
  })

  it('reads the filters from the URL and shows them in the fields', async () => {
    const sent = mockLeads([ada])
    mockOfferOptions()
    open(`?search=ada&free_offer=${guide.id}&date_from=2025-01-01&date_to=2025-01-31&page=3`)

    await table()
    expect(sent.at(-1)).toEqual({
      page: '3',
      page_size: '25',
      search: 'ada',
      free_offer: guide.id,
      date_from: '2025-01-01',
      date_to: '2025-01-31',
    })
    expect(screen.getByRole('searchbox', { name: 'Search name or email' })).toHaveValue('ada')
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Free offer' })).toHaveTextContent('The Ultimate Guide'))
    expect(screen.getByLabelText('From')).toHaveValue('2025-01-01')
    expect(screen.getByLabelText('To')).toHaveValue('2025-01-31')
  })

  it('filters by free offer, chosen among the seller’s offers', async () => {
    const sent = mockLeads([ada])
    const offerQueries = mockOfferOptions()
    const { user, router } = open()
    await table()

    await user.click(screen.getByRole('combobox', { name: 'Free offer' }))
    await user.click(await screen.findByRole('option', { name: 'Launch Checklist' }))

    await waitFor(() => expect(sent.at(-1)).toEqual({ page: '1', page_size: '25', free_offer: checklist.id }))
    expect(router.state.location.search).toBe(`?free_offer=${checklist.id}`)
    expect(offerQueries.at(-1)).toEqual({ page: '1', page_size: '100' })

    await user.click(screen.getByRole('combobox', { name: 'Free offer' }))
    await user.click(await screen.findByRole('option', { name: 'All free offers' }))
    // The unfiltered list is still cached from the first visit, so no request is needed.
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(screen.getByRole('combobox', { name: 'Free offer' })).toHaveTextContent('All free offers')
  })

  it('filters by a date range, and says so when the end is before the start instead of sending it', async () => {
    const sent = mockLeads([ada])
    mockOfferOptions()
    const { router } = open()
    await table()

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-01-10' } })
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-01-20' } })
    await waitFor(() => expect(sent.at(-1)).toEqual({ page: '1', page_size: '25', date_from: '2025-01-10', date_to: '2025-01-20' }))
    expect(router.state.location.search).toBe('?date_from=2025-01-10&date_to=2025-01-20')

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-01-05' } })
    expect(await screen.findByText(reportMessages.dateRange)).toBeInTheDocument()
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription(reportMessages.dateRange)
    await waitFor(() => expect(sent.at(-1)).toEqual({ page: '1', page_size: '25', date_from: '2025-01-10' }))
  })

  it('pages with the page query parameter, keeping the filters', async () => {
    const sent = mockLeads([ada], 80)
    mockOfferOptions()
    const { user, router } = open('?search=ada&page=2')
    await table()

    const pagination = screen.getByRole('navigation', { name: 'pagination navigation' })
    expect(within(pagination).getByRole('link', { name: 'page 2' })).toHaveAttribute('aria-current', 'page')
    expect(within(pagination).getByRole('link', { name: 'Go to page 4' })).toBeInTheDocument()

    await user.click(within(pagination).getByRole('link', { name: 'Go to page 3' }))
    await waitFor(() => expect(router.state.location.search).toBe('?search=ada&page=3'))
    await waitFor(() => expect(sent.at(-1)).toEqual({ page: '3', page_size: '25', search: 'ada' }))
  })

  it("says 'No Results found' when nothing matches, without page links", async () => {
    mockLeads([])
    mockOfferOptions()
    open('?search=nobody')

    expect(await screen.findByText('No Results found')).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument()
  })

  it('says why when the list cannot be loaded', async () => {
    server.use(apiHandler('get', '/leads/', leadListSchema, () => new HttpResponse(null, { status: 500 })))
    mockOfferOptions()
    open()

    expect(await screen.findByText('The leads could not be loaded.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument()
  })

  it('exports every lead matching the current filters as the CSV file the server names', async () => {
    mockLeads([ada], 60)
    mockOfferOptions()
    const exports = mockLeadExport(
      'full_name,email,free_offer,created_at\r\nAda Lovelace,ada@example.com,The Ultimate Guide,2025-01-31\r\n',
    )
    const capture = captureDownloads()
    restoreDownloads = capture.restore
    const { user } = open(`?search=ada&free_offer=${guide.id}&date_from=2025-01-01&page=2`)
    await table()

    await user.click(screen.getByRole('button', { name: 'Export CSV' }))

    await waitFor(() => expect(capture.downloads).toHaveLength(1))
    expect(exports).toEqual([
      { query: { search: 'ada', free_offer: guide.id, date_from: '2025-01-01' }, authorization: `Bearer ${fakeAccessToken()}` },
    ])
    const [download] = capture.downloads
    expect(download?.filename).toBe('leads-2025-02-01.csv')
    await expect(download?.blob.text()).resolves.toContain('Ada Lovelace,ada@example.com')
  })

  it('renews an expired session once, then exports', async () => {
    const renewed = 'renewed-access-token'
    mockLeads([ada])
    mockOfferOptions()
    const exports: (string | null)[] = []
    server.use(
      apiHandler('get', '/leads/export/', fileText, ({ request }) => {
        const authorization = request.headers.get('authorization')
        exports.push(authorization)
        if (authorization !== `Bearer ${renewed}`) return HttpResponse.json({ detail: 'Token expired.' }, { status: 401 })
        return new HttpResponse('full_name\r\n', {
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="leads.csv"' },
        })
      }),
      apiHandler('get', '/leads/', leadListSchema, ({ request }) =>
        request.headers.get('authorization') === `Bearer ${renewed}`
          ? HttpResponse.json({ count: 0, next: null, previous: null, results: [] })
          : HttpResponse.json({ detail: 'Token expired.' }, { status: 401 }),
      ),
      apiHandler('post', '/authentication/token/refresh/', tokenPairSchema, () =>
        HttpResponse.json({ access: renewed, refresh: 'refresh-2' }),
      ),
    )
    const capture = captureDownloads()
    restoreDownloads = capture.restore
    const { user } = open()
    await screen.findByText('No Results found')

    await user.click(screen.getByRole('button', { name: 'Export CSV' }))

    await waitFor(() => expect(capture.downloads).toHaveLength(1))
    expect(exports.at(-1)).toBe(`Bearer ${renewed}`)
    expect(capture.downloads[0]?.filename).toBe('leads.csv')
  })

  it('says so when the export fails', async () => {
    mockLeads([ada])
    mockOfferOptions()
    server.use(apiHandler('get', '/leads/export/', fileText, () => new HttpResponse(null, { status: 500 })))
    const capture = captureDownloads()
    restoreDownloads = capture.restore
    const { user } = open()
    await table()

    await user.click(screen.getByRole('button', { name: 'Export CSV' }))

    expect(await screen.findByText('The leads could not be exported. Please try again.')).toBeInTheDocument()
    expect(capture.downloads).toEqual([])
  })

  it('on a phone, shows each lead as a compact row: who, then when and for which offer; a tap shows every detail', async () => {
    setViewportWidth(375)
    mockLeads([ada, alan])
    mockOfferOptions()
    const { user } = open()

    const list = await screen.findByRole('list', { name: 'Leads' })
    const [first] = within(list).getAllByRole('listitem')
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    const row = within(first as HTMLElement).getByRole('button', { expanded: false })
    expect(row).toHaveTextContent(`Ada Lovelaceada@example.com${formatDateTime(ada.created_at)}The Ultimate GuideDirect`)

    await user.click(row)
    expect(
      within(first as HTMLElement)
        .getAllByRole('term')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Email', 'Free offer', 'Campaign', 'Variant', 'Signed up'])
    expect(
      within(first as HTMLElement)
        .getAllByRole('definition')
        .map((cell) => cell.textContent),
    ).toEqual(['Ada Lovelace', 'ada@example.com', 'The Ultimate Guide', 'Direct', '—No split test', formatDateTime(ada.created_at)])
    expect(screen.getByRole('button', { name: 'Filters' })).toBeInTheDocument()
  })

  it('says "about" when the server could only estimate the count of a big search', async () => {
    server.use(
      apiHandler('get', '/leads/', leadListSchema, () =>
        HttpResponse.json({ count: 41_200, count_is_estimate: true, next: null, previous: null, results: [ada] } satisfies LeadList),
      ),
    )
    mockOfferOptions()
    open('?search=smith')
    await table()
    expect(screen.getByText('about 41,200 results')).toBeInTheDocument()
  })
})
