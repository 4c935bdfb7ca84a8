import type { Order, OrderLine } from '@funnelry/shared'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { guide, order, uuid } from '../../../testing/factories/reports'
import { resetViewport, setViewportWidth } from '../../../testing/media'
import { renderApp } from '../../../testing/render'
import { mockOrderRefund } from '../testing/mock-reports-api'
import OrderPage from './order-page'

const line = (id: number, kind: OrderLine['kind'], headline: string, amount: string): OrderLine => ({
  id: uuid(id),
  kind,
  offer_id: uuid(id + 100),
  headline,
  amount,
  currency: 1,
  status: 'paid',
})
const bought = order({
  currency: 1,
  amount: '52.50',
  upsell_offer: { id: uuid(401), headline: 'The Course' },
  lines: [line(510, 'free', guide.headline, '0.00'), line(511, 'bump', 'Workbook', '3.50'), line(512, 'upsell', 'The Course', '49.00')],
})
/** The order as the server leaves it once these lines are refunded. */
const refundedFor = (ids: string[]): Order => {
  const lines = bought.lines.map((each) => (ids.includes(each.id) ? { ...each, status: 'refunded' as const } : each))
  const all = lines.every((each) => each.kind === 'free' || each.status === 'refunded')
  const cents = lines.filter((each) => each.status === 'refunded').reduce((sum, each) => sum + Number(each.amount.replace('.', '')), 0)
  return { ...bought, lines, status: all ? 'refunded' : 'partially_refunded', refunded: (cents / 100).toFixed(2) }
}

const open = () => renderApp(<OrderPage />, { url: `/dashboard/orders/${bought.id}`, path: '/dashboard/orders/:id', signedIn: true })
const rowOf = (headline: string) => screen.findByRole('listitem', { name: headline })

describe('Order page: refunds (decision D35)', () => {
  afterEach(() => resetViewport())

  it('lists each line with its amount and status; a free line cannot be chosen', async () => {
    mockOrderRefund(bought, (body) => refundedFor(body.line_ids ?? []))
    open()
    expect(await rowOf('Workbook')).toHaveTextContent('WorkbookBUMP offer$3.50Paid')
    expect(within(await rowOf('The Course')).getByRole('checkbox', { name: 'The Course $49.00' })).not.toBeChecked()
    expect(within(await rowOf(guide.headline)).queryByRole('checkbox')).toBeNull()
    // Nothing was paid for it: it says so, and never "Paid" beside refunded lines.
    expect(await rowOf(guide.headline)).toHaveTextContent(/\$0\.00Free$/)
    expect(screen.getByRole('button', { name: 'Refund selected' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Refund all ($52.50)' })).toBeEnabled()
  })

  it('refunds a chosen line after a confirm that names the amount, the buyer and the item', async () => {
    const sent = mockOrderRefund(bought, (body) => refundedFor(body.line_ids ?? []))
    const { user } = open()
    await user.click(within(await rowOf('Workbook')).getByRole('checkbox', { name: 'Workbook $3.50' }))
    await user.click(screen.getByRole('button', { name: 'Refund $3.50' }))

    const dialog = await screen.findByRole('dialog', { name: 'Refund $3.50?' })
    expect(dialog).toHaveTextContent('$3.50 goes back to Grace Hopper (grace@example.com) for Workbook.')
    // Cancel sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(sent).toEqual([])

    await user.click(await screen.findByRole('button', { name: 'Refund $3.50' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Refund $3.50?' })).getByRole('button', { name: 'Refund' }))
    await waitFor(() => expect(sent).toEqual([{ line_ids: [uuid(511)] }]))
    expect(await within(await rowOf('Workbook')).findByText('Refunded')).toBeInTheDocument()
    expect(screen.getByText('Partially refunded')).toBeInTheDocument()
    const summary = screen.getByText((_, element) => element?.tagName === 'P' && (element.textContent ?? '').startsWith('Paid $'))
    expect(summary).toHaveTextContent('Paid $52.50 · refunded $3.50')
    expect(await screen.findByText('Refunded $3.50.')).toBeInTheDocument()
    expect(within(await rowOf('Workbook')).queryByRole('checkbox')).toBeNull()
  })

  it('a refund the payment provider left pending shows as "Refund pending", not refunded, and cannot be asked again', async () => {
    // The server records what the provider said (D35): the line waits for the provider's event.
    const pendingFor = (ids: string[]): Order => ({
      ...bought,
      lines: bought.lines.map((each) => (ids.includes(each.id) ? { ...each, status: 'refund_pending' as const } : each)),
    })
    mockOrderRefund(bought, (body) => pendingFor(body.line_ids ?? []))
    const { user } = open()
    await user.click(within(await rowOf('The Course')).getByRole('checkbox', { name: 'The Course $49.00' }))
    await user.click(screen.getByRole('button', { name: 'Refund $49.00' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Refund $49.00?' })).getByRole('button', { name: 'Refund' }))

    expect(await within(await rowOf('The Course')).findByText('Refund pending')).toBeInTheDocument()
    expect(await screen.findByText('Refund of $49.00 requested: pending at the payment provider.')).toBeInTheDocument()
    expect(screen.queryByText('Refunded $49.00.')).not.toBeInTheDocument()
    const summary = screen.getByText((_, element) => element?.tagName === 'P' && (element.textContent ?? '').startsWith('Paid $'))
    expect(summary).toHaveTextContent('Paid $52.50 · refund pending $49.00')
    expect(within(await rowOf('The Course')).queryByRole('checkbox')).toBeNull()
  })

  it('refunds everything still paid with one press on a phone', async () => {
    setViewportWidth(390)
    const sent = mockOrderRefund(bought, () => refundedFor(bought.lines.map((each) => each.id)))
    const { user } = open()
    await user.click(await screen.findByRole('button', { name: 'Refund all ($52.50)' }))
    const dialog = await screen.findByRole('dialog', { name: 'Refund $52.50?' })
    expect(dialog).toHaveTextContent('$52.50 goes back to Grace Hopper (grace@example.com) for Workbook and The Course.')
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }))
    await waitFor(() => expect(sent).toEqual([{}]))
    // Both paid lines, and the order itself.
    for (const headline of ['Workbook', 'The Course'])
      expect(await within(await rowOf(headline)).findByText('Refunded')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Grace Hopper' }).nextElementSibling).toHaveTextContent('Refunded')
    expect(screen.queryByRole('button', { name: /^Refund/ })).toBeNull()
  })

  it('says why a refund was refused (a line refunded meanwhile)', async () => {
    mockOrderRefund(bought, () => bought, { status: 409, detail: 'This has already been refunded.' })
    const { user } = open()
    await user.click(within(await rowOf('The Course')).getByRole('checkbox', { name: 'The Course $49.00' }))
    await user.click(screen.getByRole('button', { name: 'Refund $49.00' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Refund $49.00?' })).getByRole('button', { name: 'Refund' }))
    expect(await screen.findByText('This has already been refunded.')).toBeInTheDocument()
  })
})
