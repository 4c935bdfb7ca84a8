import { orderExportColumns } from '@funnelry/shared'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { formatDateTime } from '../../../lib/format-date-time'
import { checklist, guide, order, uuid } from '../../../testing/factories/reports'
import { setViewportWidth } from '../../../testing/media'
import { renderApp } from '../../../testing/render'
import { fakeAccessToken } from '../../../testing/tokens'
import { captureDownloads } from '../testing/capture-downloads'
import { mockExport, mockOfferOptions, mockOrders } from '../testing/mock-reports-api'
import OrdersPage from './orders-page'

const url = '/dashboard/orders'
const open = (search = '') => renderApp(<OrdersPage />, { url: `${url}${search}`, path: url, signedIn: true })

const paid = order()
const failed = order({
  id: uuid(201),
  full_name: 'Alan Turing',
  email: 'alan@example.com',
  free_offer: checklist,
  bump_offer: null,
  upsell_offer: { id: uuid(400), headline: 'Video Course' },
  amount: '149.00',
  currency: 1,
  status: 'failed',
})
const untitledBump = order({ id: uuid(202), bump_offer: { id: uuid(301), headline: null }, amount: '9.99', currency: 3, status: 'pending' })

const table = () => screen.findByRole('table', { name: 'Orders' })
const cellsOf = (row: HTMLElement | undefined) =>
  row
    ? within(row)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent)
    : []

describe('Orders page', () => {
  it('shows each order: buyer, offers bought, amount with its currency symbol, status and date', async () => {
    const sent = mockOrders([paid, failed, untitledBump])
    mockOfferOptions()
    open()

    const rows = within(await table()).getAllByRole('row')
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Buyer', 'Free offer', 'Bump', 'Upsell', 'Amount', 'Status', 'Campaign', 'Variant', 'Date'])
    expect(cellsOf(rows[1])).toEqual([
      'Grace Hoppergrace@example.com',
      'The Ultimate Guide',
      'Workbook',
      'None',
      '€52.50',
      'Paid',
      'Direct',
      '—No split test',
      formatDateTime(paid.created_at),
    ])
    expect(cellsOf(rows[2])).toEqual([
      'Alan Turingalan@example.com',
      'Launch Checklist',
      'None',
      'Video Course',
      '$149.00',
      'Failed',
      'Direct',
      '—No split test',
      formatDateTime(failed.created_at),
    ])
    expect(cellsOf(rows[3]).slice(2, 6)).toEqual(['BUMP offer', 'None', '£9.99', 'Pending'])
    // Decision D35: the buyer's name opens the order, where its lines are refunded.
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: 'Order of Grace Hopper' })).toHaveAttribute(
      'href',
      `/dashboard/orders/${paid.id}`,
    )
    expect(sent.at(-1)).toEqual({ page: '1', page_size: '25' })
  })

  it('names the one-click offers accepted after the payment in the Upsell column, with the OTO taken before it', async () => {
    const line = (id: number, headline: string) =>
      ({ id: uuid(id), kind: 'post_purchase', offer_id: uuid(id + 100), headline, amount: '49.00', currency: 2, status: 'paid' }) as const
    const afterOnly = order({ id: uuid(220), lines: [...paid.lines, line(230, 'The Course')] })
    const both = order({
      id: uuid(221),
      upsell_offer: { id: uuid(400), headline: 'Video Course' },
      lines: [...paid.lines, line(231, 'The Course Lite'), line(232, 'Coaching')],
    })
    mockOrders([afterOnly, both])
    mockOfferOptions()
    open()

    const rows = within(await table()).getAllByRole('row')
    expect(cellsOf(rows[1])[3]).toBe('The Course (after purchase)')
    expect(cellsOf(rows[2])[3]).toBe('Video CourseThe Course Lite (after purchase)Coaching (after purchase)')
  })

  it('filters by status, and by status with the other filters, starting again at page 1', async () => {
    const sent = mockOrders([paid], 60)
    mockOfferOptions()
    const { user, router } = open(`?free_offer=${guide.id}&page=2`)
    await table()
    expect(sent.at(-1)).toEqual({ page: '2', page_size: '25', free_offer: guide.id })

    await user.click(screen.getByRole('combobox', { name: 'Status' }))
    await user.click(await screen.findByRole('option', { name: 'Failed' }))

    await waitFor(() => expect(sent.at(-1)).toEqual({ page: '1', page_size: '25', free_offer: guide.id, status: 'failed' }))
    expect(router.state.location.search).toBe(`?free_offer=${guide.id}&status=failed`)
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Failed')
  })

  it('searches by name or email once typing pauses', async () => {
    const sent = mockOrders([paid])
    mockOfferOptions()
    const { user } = open()
    await table()

    await user.type(screen.getByRole('searchbox', { name: 'Search name or email' }), 'grace')

    await waitFor(() => expect(sent.at(-1)).toEqual({ page: '1', page_size: '25', search: 'grace' }))
  })

  it('leaves out filters a link got wrong instead of sending them', async () => {
    const sent = mockOrders([paid])
    mockOfferOptions()
    open('?status=returned&free_offer=42&date_from=yesterday')

    await table()
    expect(sent.at(-1)).toEqual({ page: '1', page_size: '25' })
  })

  it('pages with the page query parameter', async () => {
    const sent = mockOrders([paid], 51)
    mockOfferOptions()
    const { user, router } = open('?status=paid')
    await table()

    const pagination = screen.getByRole('navigation', { name: 'pagination navigation' })
    await user.click(within(pagination).getByRole('link', { name: 'Go to page 3' }))

    await waitFor(() => expect(router.state.location.search).toBe('?status=paid&page=3'))
    await waitFor(() => expect(sent.at(-1)).toEqual({ page: '3', page_size: '25', status: 'paid' }))
  })

  it("says 'No Results found' when no order matches", async () => {
    mockOrders([])
    mockOfferOptions()
    open('?status=failed')

    expect(await screen.findByText('No Results found')).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  it('on a phone, shows each order as a compact row of two lines that opens to every detail', async () => {
    setViewportWidth(390)
    mockOrders([paid, failed])
    mockOfferOptions()
    const { user } = open()

    const list = await screen.findByRole('list', { name: 'Orders' })
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    const first = within(list).getAllByRole('listitem')[0] as HTMLElement
    const row = within(first).getByRole('button', { expanded: false })
    expect(row).toHaveTextContent(`Grace HopperThe Ultimate Guide€52.50Paid${formatDateTime(paid.created_at)}Direct`)
    expect(within(first).queryByRole('term')).not.toBeInTheDocument()

    await user.click(row)
    expect(row).toHaveAttribute('aria-expanded', 'true')
    expect(
      within(first)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Buyer', 'Free offer', 'Bump', 'Upsell', 'Amount', 'Status', 'Campaign', 'Variant', 'Date'])
    expect(within(first).getByText('grace@example.com')).toBeInTheDocument()
  })

  it('on a phone, keeps search in view and the other filters behind one Filters button that counts them', async () => {
    setViewportWidth(390)
    const sent = mockOrders([paid], 60)
    mockOfferOptions()
    const { user } = open(`?free_offer=${guide.id}&page=2`)
    await screen.findByRole('list', { name: 'Orders' })

    expect(screen.getByRole('searchbox', { name: 'Search name or email' })).toBeVisible()
    expect(screen.queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Filters (1)' }))

    const dialog = await screen.findByRole('dialog', { name: 'Filters' })
    expect(within(dialog).getByRole('combobox', { name: 'Status' })).toBeInTheDocument()
    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: '2025-01-01' } })
    await waitFor(() => expect(sent.at(-1)).toEqual({ page: '1', page_size: '25', free_offer: guide.id, date_from: '2025-01-01' }))
    await user.click(within(dialog).getByRole('button', { name: 'Done' }))
    expect(await screen.findByRole('button', { name: 'Filters (2)' })).toBeInTheDocument()
  })

  it("on a phone, 'Clear filters' in the Filters dialog clears them all at once and keeps the search", async () => {
    setViewportWidth(390)
    const sent = mockOrders([paid])
    mockOfferOptions()
    const { user, router } = open('?search=grace&status=paid&date_from=2025-01-01')
    await user.click(await screen.findByRole('button', { name: 'Filters (2)' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Filters' })).getByRole('button', { name: 'Clear filters' }))
    await waitFor(() => expect(router.state.location.search).toBe('?search=grace'))
    await waitFor(() => expect(sent.at(-1)).toEqual({ page: '1', page_size: '25', search: 'grace' }))
  })

  it('shows abandoned orders under their own status, and filters by it (D20)', async () => {
    const abandoned = order({ id: uuid(203), full_name: 'Left Early', status: 'abandoned', amount: '19.00', currency: 1 })
    const sent = mockOrders([abandoned])
    mockOfferOptions()
    const { user } = open()
    const rows = within(await table()).getAllByRole('row')
    expect(cellsOf(rows[1]).slice(4, 6)).toEqual(['$19.00', 'Abandoned'])

    await user.click(screen.getByRole('combobox', { name: 'Status' }))
    await user.click(await screen.findByRole('option', { name: 'Abandoned' }))
    await waitFor(() => expect(sent.at(-1)).toEqual({ page: '1', page_size: '25', status: 'abandoned' }))
  })

  it('exports every order matching the current filters as the CSV file the server names', async () => {
    mockOrders([paid], 60)
    mockOfferOptions()
    const exports = mockExport(
      'orders',
      `${orderExportColumns.join(',')}\r\nGrace Hopper,grace@example.com,The Ultimate Guide,Workbook,,52.50,EUR,paid,0.00,2025-01-31\r\n`,
    )
    const capture = captureDownloads()
    try {
      const { user } = open(`?search=grace&status=paid&page=2`)
      await table()
      await user.click(screen.getByRole('button', { name: 'Export CSV' }))

      await waitFor(() => expect(capture.downloads).toHaveLength(1))
      expect(exports).toEqual([{ query: { search: 'grace', status: 'paid' }, authorization: `Bearer ${fakeAccessToken()}` }])
      const [download] = capture.downloads
      expect(download?.filename).toBe('orders-2025-02-01.csv')
      await expect(download?.blob.text()).resolves.toContain('Grace Hopper,grace@example.com')
    } finally {
      capture.restore()
    }
  })
})
