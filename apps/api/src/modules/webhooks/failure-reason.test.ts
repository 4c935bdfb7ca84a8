import { describe, expect, test } from 'vitest'
import { readDeliverySubject } from './delivery-subject.js'
import { failureReason } from './failure-reason.js'
import { unfinishedAttempt } from './webhook-repository.js'

describe('failureReason', () => {
  test.each([
    [{ statusCode: 200, error: null }, null],
    [{ statusCode: 204, error: null }, null],
    [{ statusCode: 500, error: null }, 'Your CRM answered 500 Internal Server Error.'],
    [{ statusCode: 404, error: null }, 'Your CRM answered 404 Not Found.'],
    [{ statusCode: 599, error: null }, 'Your CRM answered 599.'],
    [
      { statusCode: null, error: 'connect ECONNREFUSED 127.0.0.1:4198' },
      'Your CRM refused the connection (nothing is listening at that address).',
    ],
    [
      { statusCode: null, error: 'getaddrinfo ENOTFOUND crm.invalid' },
      "The CRM's address could not be found (check the host name in the URL).",
    ],
    [{ statusCode: null, error: 'no answer within 5 seconds' }, 'Your CRM did not answer within 5 seconds.'],
    [{ statusCode: null, error: 'certificate has expired' }, expect.stringContaining('HTTPS certificate is not valid')],
    [{ statusCode: null, error: 'self-signed certificate' }, expect.stringContaining('HTTPS certificate is not valid')],
    [
      { statusCode: null, error: '10.0.0.1 is not a public address: private' },
      expect.stringContaining('only to public internet addresses'),
    ],
    [{ statusCode: null, error: 'socket hang up' }, 'Your CRM closed the connection before answering.'],
    [{ statusCode: null, error: unfinishedAttempt }, 'No outcome was recorded: the attempt was interrupted.'],
    [{ statusCode: null, error: 'something odd' }, 'The request to your CRM failed.'],
    [{ statusCode: null, error: null }, null],
  ])('%o → %s', (outcome, reason) => {
    expect(failureReason(outcome)).toEqual(reason)
  })
})

describe('readDeliverySubject', () => {
  test('finds the visitor under any key names, and an order’s total', () => {
    const payload = {
      Name: 'Grace Hopper',
      'E-mail': 'grace@example.com',
      event: 'order.paid',
      offer_id: '00000000-0000-4000-8000-000000000000',
      offer_headline: 'The Guide',
      created_at: '2026-11-25T10:00:00.000Z',
      order_id: '00000000-0000-4000-8000-000000000001',
      amount: '19.00',
      currency: 'USD',
      bump_offer_id: null,
      upsell_offer_id: null,
    }
    expect(readDeliverySubject(payload)).toEqual({
      email: 'grace@example.com',
      full_name: 'Grace Hopper',
      offer_headline: 'The Guide',
      amount: '19.00',
      currency: 'USD',
    })
  })

  test('answers nulls for a payload without those fields', () => {
    const empty = { email: null, full_name: null, offer_headline: null, amount: null, currency: null }
    expect(readDeliverySubject({ n: 1 })).toEqual(empty)
    expect(readDeliverySubject(null)).toEqual(empty)
    expect(readDeliverySubject(['x@example.com'])).toEqual(empty)
  })
})
