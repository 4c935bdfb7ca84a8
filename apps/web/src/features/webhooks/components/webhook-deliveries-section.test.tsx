import { reportMessages, webhookDeliverySchema } from '@funnelry/shared'
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { formatDateTime } from '../../../lib/format-date-time'
import { apiHandler, server } from '../../../testing/msw'
import { delivery, deliveryId, mockWebhooksApi } from '../testing/mock-webhooks-api'
import { findSection, renderWebhooks } from '../testing/render-webhooks'

const failed = delivery({
  id: deliveryId(2),
  status: 'failed',
  attempts: 5,
  last_attempt: {
    status_code: 500,
    error: null,
    reason: 'Your CRM answered 500 Internal Server Error.',
    created_at: '2025-03-04T11:00:00.000Z',
  },
})
const unreachable = delivery({
  id: deliveryId(3),
  status: 'failed',
  attempts: 2,
  last_attempt: {
    status_code: null,
    error: 'connect ECONNREFUSED',
    reason: 'Your CRM refused the connection (nothing is listening at that address).',
    created_at: '2025-03-04T11:00:00.000Z',
  },
})
const pending = delivery({ id: deliveryId(4), status: 'pending', attempts: 0, last_attempt: null })
const order = delivery({
  id: deliveryId(5),
  event: 'order.paid',
  subject: { email: 'ada@example.com', full_name: 'Ada Lovelace', offer_headline: 'The Guide', amount: '19.00', currency: 'USD' },
})

const items = async () => {
  const section = await findSection('CRM Webhook Deliveries')
  return within(section.getByRole('list', { name: 'Deliveries' })).getAllByRole('listitem')
}

describe('Settings: CRM Webhook Deliveries', () => {
  it('lists each delivery with its event, time, status, who it was for and how it went; Retry only for failed ones', async () => {
    mockWebhooksApi({ deliveries: [delivery(), failed, unreachable, pending, order] })
    const { user } = renderWebhooks()

    const [ok, error, refused, waiting, paid] = await items()
    if (!ok || !error || !refused || !waiting || !paid) throw new Error('expected five deliveries')

    expect(within(ok).getByText('lead.created')).toBeInTheDocument()
    expect(within(ok).getByText(formatDateTime('2025-03-04T10:15:00.000Z'))).toHaveAttribute('datetime', '2025-03-04T10:15:00.000Z')
    expect(within(ok).getByText('Delivered')).toBeInTheDocument()
    expect(within(ok).getByText('Lead: Grace Hopper (grace@example.com) · The Guide')).toBeInTheDocument()
    expect(within(ok).getByText('1 attempt · Last: Accepted (HTTP 200)')).toBeInTheDocument()
    expect(within(ok).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument()

    expect(within(error).getByText('Failed')).toBeInTheDocument()
    expect(within(error).getByText('5 attempts · Last: Your CRM answered 500 Internal Server Error.')).toBeInTheDocument()
    expect(within(error).getByRole('button', { name: 'Retry' })).toBeInTheDocument()

    // The plain reason in the entry, the technical error folded under 'Details'.
    expect(
      within(refused).getByText('2 attempts · Last: Your CRM refused the connection (nothing is listening at that address).'),
    ).toBeInTheDocument()
    expect(within(refused).getByText('connect ECONNREFUSED')).not.toBeVisible()
    await user.click(within(refused).getByText('Details'))
    expect(within(refused).getByText('connect ECONNREFUSED')).toBeVisible()
    expect(within(refused).getByText('https://crm.example.com/hooks/leads')).toBeVisible()
    expect(within(refused).getByRole('button', { name: 'Retry' })).toBeInTheDocument()

    expect(within(paid).getByText('Order of 19.00 USD by Ada Lovelace (ada@example.com) · The Guide')).toBeInTheDocument()

    expect(within(waiting).getByText('Pending')).toBeInTheDocument()
    expect(within(waiting).getByText('0 attempts · Last: No attempt yet')).toBeInTheDocument()
    expect(within(waiting).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument()
  })

  it("re-queues a failed delivery: POSTs retry, says 'Delivery queued again.' and refreshes the list", async () => {
    const { calls } = mockWebhooksApi({ deliveries: [delivery(), failed] })
    const { user } = renderWebhooks()

    const [, error] = await items()
    if (!error) throw new Error('expected the failed delivery')
    await user.click(within(error).getByRole('button', { name: 'Retry' }))

    expect(await screen.findByText('Delivery queued again.')).toBeInTheDocument()
    expect(calls).toEqual([{ method: 'POST', path: `/webhook-deliveries/${failed.id}/retry/`, body: null }])
    // The refreshed list shows it pending, with no Retry.
    await waitFor(async () => {
      const [, queued] = await items()
      expect(queued && within(queued).getByText('Pending')).toBeInTheDocument()
    })
    const [, queued] = await items()
    expect(queued && within(queued).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument()
  })

  it("shows the server's message when a retry is refused", async () => {
    mockWebhooksApi({ deliveries: [failed] })
    server.use(
      apiHandler('post', '/webhook-deliveries/:id/retry/', webhookDeliverySchema, () =>
        HttpResponse.json({ detail: reportMessages.stillPending }, { status: 400 }),
      ),
    )
    const { user } = renderWebhooks()

    const [error] = await items()
    if (!error) throw new Error('expected the failed delivery')
    await user.click(within(error).getByRole('button', { name: 'Retry' }))

    expect(await screen.findByText(reportMessages.stillPending)).toBeInTheDocument()
    expect(screen.queryByText('Delivery queued again.')).not.toBeInTheDocument()
  })

  it('says when nothing was delivered yet', async () => {
    mockWebhooksApi()
    renderWebhooks()

    const section = await findSection('CRM Webhook Deliveries')
    expect(section.getByText(/No deliveries yet/)).toBeInTheDocument()
  })

  it('pages through the log with its own page buttons', async () => {
    const many = Array.from({ length: 12 }, (_, index) => delivery({ id: deliveryId(index + 10), event: `lead.created.${index + 1}` }))
    mockWebhooksApi({ deliveries: many })
    const { user, router } = renderWebhooks()

    const section = await findSection('CRM Webhook Deliveries')
    expect(await items()).toHaveLength(10)
    await user.click(section.getByRole('button', { name: 'Go to page 2' }))

    expect(await section.findByText('lead.created.11')).toBeInTheDocument()
    expect(await items()).toHaveLength(2)
    expect(router.state.location.search).toBe('')
  })
})
