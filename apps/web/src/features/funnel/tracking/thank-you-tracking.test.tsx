import { type OrderReceipt, orderReceiptSchema, postPurchaseStateSchema, publicPageElementId } from '@funnelry/shared'
import { render, screen, waitFor } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeOffer } from '../../../testing/factories/funnel'
import { apiHandler, server } from '../../../testing/msw'
import { ThankYouView } from '../components/thank-you-view'
import { mockFunnelApi } from '../testing/mock-funnel-api'
import { resetSellerTracking } from './seller-scripts'

type TrackingWindow = Window & { dataLayer?: IArguments[]; fbq?: (...args: unknown[]) => void }
const tracking = () => window as TrackingWindow
/** The data layer's gtag calls as plain arrays. */
const gtagCalls = () => (tracking().dataLayer ?? []).map((entry) => Array.from(entry))

/**
 * The Meta snippet below is an empty stand-in (the test page fetches no fbevents.js), so the page's
 * `fbq` is stood in for by a recorder set here (the browser journey, e2e/pixels.e2e.ts, runs the real snippets).
 */
let metaCalls: unknown[][] = []
const recordMetaCalls = () => {
  metaCalls = []
  tracking().fbq = (...args) => metaCalls.push(args)
}
const metaSnippet = '<script>/* Meta base code */</script>'

const offer = makeOffer({
  advertising_pixels: [
    { id: 'meta', pixel_type: 'facebook', script: metaSnippet },
    { id: 'ga4', pixel_type: 'google', script: 'G-TEST12345' },
  ],
})

const receipt: OrderReceipt = {
  reference: 'ref0000000000000000001',
  order_id: '8a4b3f4e-0000-4000-8000-000000000001',
  status: 'paid',
  items: [
    { id: offer.id, kind: 'free', name: offer.headline, price: '0.00', url: 'https://acme.example/guide.pdf' },
    { id: 'bump-1', kind: 'bump', name: 'The checklist pack', price: '19.00', url: 'https://acme.example/checklists.zip' },
  ],
  total: '19.00',
  currency: 2,
}

/** The server's thank-you document: its page description beside the root. */
function serveThankYouPage() {
  const element = document.createElement('script')
  element.id = publicPageElementId
  element.type = 'application/json'
  element.textContent = JSON.stringify({ kind: 'thank-you', type: 'oto-offer', order: receipt.reference })
  document.body.append(element)
}

describe('the live thank-you page (D29)', () => {
  beforeEach(() => {
    mockFunnelApi({ offer })
    server.use(
      apiHandler('get', '/order-receipts/:reference/', orderReceiptSchema, () => HttpResponse.json(receipt)),
      apiHandler('get', '/post-purchase/:reference/', postPurchaseStateSchema, () => HttpResponse.json({ done: true })),
    )
  })
  afterEach(() => {
    resetSellerTracking()
    delete tracking().dataLayer
    delete tracking().fbq
    document.head.innerHTML = ''
    document.body.innerHTML = ''
  })

  it("runs the offer's pixels, the ID as Google's loader, and sends the purchase once with order.<id>", async () => {
    serveThankYouPage()
    recordMetaCalls()
    const view = render(<ThankYouView type="oto-offer" order={receipt.reference} />)
    await screen.findByRole('region', { name: 'Your order' })

    const orderEventId = `order.${receipt.order_id}`
    await waitFor(() => expect(metaCalls).toHaveLength(1))
    expect(metaCalls).toEqual([
      [
        'track',
        'Purchase',
        { value: 19, currency: 'EUR', content_ids: [offer.id, 'bump-1'], content_type: 'product' },
        { eventID: orderEventId },
      ],
    ])
    expect(document.head.querySelector('script[src="https://www.googletagmanager.com/gtag/js?id=G-TEST12345"]')).not.toBeNull()
    expect(document.head.textContent).toContain("gtag('config','G-TEST12345')")
    const purchases = gtagCalls().filter((call) => call[0] === 'event' && call[1] === 'purchase')
    expect(purchases).toEqual([
      [
        'event',
        'purchase',
        {
          transaction_id: orderEventId,
          value: 19,
          currency: 'EUR',
          items: [
            { item_id: offer.id, item_name: offer.headline, item_category: 'free', price: 0, quantity: 1 },
            { item_id: 'bump-1', item_name: 'The checklist pack', item_category: 'bump', price: 19, quantity: 1 },
          ],
        },
      ],
    ])

    // A reload of the page sends no second purchase.
    view.unmount()
    resetSellerTracking()
    recordMetaCalls()
    render(<ThankYouView type="oto-offer" order={receipt.reference} />)
    await screen.findByRole('region', { name: 'Your order' })
    await waitFor(() => expect(document.head.querySelectorAll('script').length).toBeGreaterThan(0))
    expect(metaCalls).toEqual([])
    expect(gtagCalls().filter((call) => call[1] === 'purchase')).toHaveLength(1)
  })
})
