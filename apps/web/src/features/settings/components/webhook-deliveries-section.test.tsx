import { reportMessages, type WebhookDelivery } from '@funnelry/shared'
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { formatDateTime } from '../../../lib/format-date-time'
import { failCall, mockSettingsApi } from '../testing/mock-settings-api'
import { findSection, renderSettings } from '../testing/render-settings'

const deliveryId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

function delivery(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: deliveryId(1),
    event: 'lead.created',
    url: 'https://crm.example.com/hooks/leads',
    subject: { email: 'grace@example.com', full_name: 'Grace Hopper', offer_headline: 'The Guide', amount: null, currency: null },
    status: 'delivered',
    attempts: 1,
    created_at: '2025-03-04T10:15:00.000Z',
    last_attempt: { status_code: 200, error: null, reason: null, created_at: '2025-03-04T10:15:01.000Z' },
    ...overrides,
  }
}

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

const items = async () => {
  const section = await findSection('CRM Webhook Deliveries')
  return within(section.getByRole('list', { name: 'Deliveries' })).getAllByRole('listitem')
}

describe('Settings: CRM Webhook Deliveries', () => {
  it('lists each delivery with its event, time, status, attempts and last answer; Retry only for failed ones', async () => {
    mockSettingsApi({ deliveries: [delivery(), failed, unreachable, pending] })
    renderSettings()

    const [ok, error, refused, waiting] = await items()
    if (!ok || !error || !refused || !waiting) throw new Error('expected four deliveries')

    expect(within(ok).getByText('lead.created')).toBeInTheDocument()
    expect(within(ok).getByText(formatDateTime('2025-03-04T10:15:00.000Z'))).toHaveAttribute('datetime', '2025-03-04T10:15:00.000Z')
    expect(within(ok).getByText('Delivered')).toBeInTheDocument()
    expect(within(ok).getByText('1 attempt · Last: HTTP 200')).toBeInTheDocument()
    expect(within(ok).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument()

    expect(within(error).getByText('Failed')).toBeInTheDocument()
    expect(within(error).getByText('5 attempts · Last: HTTP 500')).toBeInTheDocument()
    expect(within(error).getByRole('button', { name: 'Retry' })).toBeInTheDocument()

    expect(within(refused).getByText('2 attempts · Last: connect ECONNREFUSED')).toBeInTheDocument()
    expect(within(refused).getByRole('button', { name: 'Retry' })).toBeInTheDocument()

    expect(within(waiting).getByText('Pending')).toBeInTheDocument()
    expect(within(waiting).getByText('0 attempts · Last: No attempt yet')).toBeInTheDocument()
    expect(within(waiting).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument()
  })

  it("re-queues a failed delivery: POSTs retry, says 'Delivery queued again.' and refreshes the list", async () => {
    const { calls } = mockSettingsApi({ deliveries: [delivery(), failed] })
    const { user } = renderSettings()

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
    mockSettingsApi({ deliveries: [failed] })
    failCall('post', '/webhook-deliveries/:id/retry/', () => HttpResponse.json({ detail: reportMessages.stillPending }, { status: 400 }))
    const { user } = renderSettings()

    const [error] = await items()
    if (!error) throw new Error('expected the failed delivery')
    await user.click(within(error).getByRole('button', { name: 'Retry' }))

    expect(await screen.findByText(reportMessages.stillPending)).toBeInTheDocument()
    expect(screen.queryByText('Delivery queued again.')).not.toBeInTheDocument()
  })

  it('says when nothing was delivered yet', async () => {
    mockSettingsApi()
    renderSettings()

    const section = await findSection('CRM Webhook Deliveries')
    expect(section.getByText(/No deliveries yet/)).toBeInTheDocument()
  })

  it('pages through the log with its own page buttons', async () => {
    const many = Array.from({ length: 12 }, (_, index) => delivery({ id: deliveryId(index + 10), event: `lead.created.${index + 1}` }))
    mockSettingsApi({ deliveries: many })
    const { user, router } = renderSettings()

    const section = await findSection('CRM Webhook Deliveries')
    expect(await items()).toHaveLength(10)
    await user.click(section.getByRole('button', { name: 'Go to page 2' }))

    expect(await section.findByText('lead.created.11')).toBeInTheDocument()
    expect(await items()).toHaveLength(2)
    expect(router.state.location.search).toBe('')
  })
})
