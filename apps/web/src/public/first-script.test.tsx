import {
  orderReceiptSchema,
  type PostPurchaseStep,
  type PublicPage,
  postPurchaseAcceptResultSchema,
  postPurchaseStateSchema,
  publicPageElementId,
} from '@funnelry/shared'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mockFunnelApi } from '../features/funnel/testing/mock-funnel-api'
import { makeOffer, postPurchaseOffer } from '../testing/factories/funnel'
import { apiHandler, server } from '../testing/msw'
import { renderPublicPage } from './server'

afterEach(async () => {
  // React's work for the page must end with the test, not run on after its document is gone. Its
  // download, started by a touch, lands first: one still under way once hydrated the next test's
  // page with this one's (a hydration mismatch, found by a shuffled run on happy-dom).
  await vi.dynamicImportSettled()
  const { unmountHydratedPages } = await import('./hydrate')
  await act(async () => {}) // the hydration under way finishes first
  act(() => unmountHydratedPages())
  document.body.innerHTML = ''
  delete document.documentElement.dataset.pixelRan
  delete window.__fyPpPressed
  delete window.__fyPpStarted
  vi.resetModules()
})

/** The server's document before its script: the rendered page, its inline script (run) and its description. */
function serverDocument(page: PublicPage) {
  const { root, inlineScript } = renderPublicPage(page)
  document.body.innerHTML = `<div id="root">${root}</div><script id="${publicPageElementId}" type="application/json">${JSON.stringify(page).replace(/</g, '\\u003c')}</script>`
  new Function(inlineScript)()
}

/** The server's document: the rendered page and its description; then the first script runs. */
async function loadPage(offer: ReturnType<typeof makeOffer>, preview = false) {
  const page = { kind: 'offer' as const, offer, preview }
  document.body.innerHTML = `<div id="root">${renderPublicPage(page).root}</div><script id="${publicPageElementId}" type="application/json">${JSON.stringify(page).replace(/</g, '\\u003c')}</script>`
  await import('./main')
}

const pixel = {
  id: 'pixel-1',
  pixel_type: 'facebook' as const,
  script: "<script>document.documentElement.dataset.pixelRan = 'yes'</script>",
}

describe("the public pages' first script", () => {
  it("counts the view at once, runs the seller's pixels once the page is usable, and brings React in on the first touch", async () => {
    const { calls } = mockFunnelApi()
    const offer = makeOffer({ advertising_pixels: [pixel] })
    await loadPage(offer)
    await waitFor(() => expect(document.documentElement.dataset.pixelRan).toBe('yes'))
    await waitFor(() => expect(calls.views).toHaveLength(1))

    // Plain HTML so far: ticking the bump changes nothing else until React has taken over.
    const bump = screen.getByRole('checkbox', { name: 'Add to order' })
    fireEvent.pointerDown(bump)
    fireEvent.click(bump)
    // React adopts the tick made while it was arriving: the order is priced and made (a draft, D20).
    expect(await screen.findByTestId('order-total')).toHaveTextContent('$19.00')
    await waitFor(() => expect(calls.creates).toHaveLength(1))
    expect(calls.views).toHaveLength(1)
  })

  it('opens no storage on a new visit: only a reload, Back or Forward looks for a checkout to continue', async () => {
    const { calls } = mockFunnelApi()
    // A visitor arriving from an ad (a new navigation); the tab's storage waits on the browser when first used.
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type: 'navigate' } as unknown as PerformanceEntry])
    const storageOpened = vi.spyOn(window, 'sessionStorage', 'get')
    await loadPage(makeOffer())
    await waitFor(() => expect(calls.views).toHaveLength(1))
    expect(storageOpened).not.toHaveBeenCalled()
    vi.restoreAllMocks()
    // The first touch brings React in (and ends the page's wait for it before the next test).
    const bump = screen.getByRole('checkbox', { name: 'Add to order' })
    fireEvent.pointerDown(bump)
    fireEvent.click(bump)
    expect(await screen.findByTestId('order-total')).toHaveTextContent('$19.00')
  })

  it('runs no pixel and counts nothing in preview', async () => {
    const { calls } = mockFunnelApi()
    await loadPage(makeOffer({ advertising_pixels: [pixel] }), true)
    fireEvent.pointerDown(document.body)
    await screen.findByRole('status')
    expect(document.documentElement.dataset.pixelRan).toBeUndefined()
    expect(calls.views).toEqual([])
  })

  it('keeps a post-purchase step\'s "Yes" pressed before the script has loaded, and the script sends it when it starts', async () => {
    const order = 'r'.repeat(22)
    const sequence = { expires_at: '2030-01-01T00:00:00Z', step_count: 2, logo: null, business_name: 'Acme Books' } as const
    const step: PostPurchaseStep = {
      done: false,
      step: 1,
      kind: 'upsell',
      offer: postPurchaseOffer('o-1', 'The Course', '49.00'),
      ...sequence,
    }
    const accepts: unknown[] = []
    server.use(
      // The receipt is read for the seller's pixels only; none here.
      apiHandler('get', '/order-receipts/:reference/', orderReceiptSchema, () =>
        HttpResponse.json({ detail: 'Not found.' }, { status: 404 }),
      ),
      apiHandler('post', '/post-purchase/:reference/accept/', postPurchaseAcceptResultSchema, async ({ request }) => {
        accepts.push(await request.json())
        return HttpResponse.json({ status: 'succeeded' })
      }),
      apiHandler('get', '/post-purchase/:reference/', postPurchaseStateSchema, () =>
        HttpResponse.json({ done: false, step: 2, kind: 'upsell', offer: postPurchaseOffer('o-3', 'Coaching', '29.00'), ...sequence }),
      ),
    )
    serverDocument({ kind: 'thank-you', type: 'oto-offer', order, step })

    // Pressed while the page is plain HTML (its script is asked for after 'load'): taken, not lost.
    const yes = screen.getByRole('button', { name: 'Yes, add it — $49.00' })
    fireEvent.click(yes)
    expect(yes).toBeDisabled()
    expect(yes).toHaveAttribute('aria-busy', 'true')
    expect(screen.getByRole('button', { name: 'No thanks' })).toBeDisabled()
    expect(accepts).toEqual([])

    await import('./main')
    expect(await screen.findByRole('button', { name: 'Yes, add it — $29.00' })).toBeInTheDocument()
    expect(accepts).toEqual([{ step: 1, kind: 'upsell' }])
  })
})
