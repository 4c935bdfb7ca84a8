import { publicPageElementId } from '@funnelry/shared'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mockFunnelApi } from '../features/funnel/testing/mock-funnel-api'
import { makeOffer } from '../testing/factories/funnel'
import { renderPublicPage } from './server'

afterEach(async () => {
  // React's work for the page must end with the test, not run on after its document is gone.
  const { unmountHydratedPages } = await import('./hydrate')
  await act(async () => {}) // the hydration under way finishes first
  act(() => unmountHydratedPages())
  document.body.innerHTML = ''
  delete document.documentElement.dataset.pixelRan
  vi.resetModules()
})

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

  it('runs no pixel and counts nothing in preview', async () => {
    const { calls } = mockFunnelApi()
    await loadPage(makeOffer({ advertising_pixels: [pixel] }), true)
    fireEvent.pointerDown(document.body)
    await screen.findByRole('status')
    expect(document.documentElement.dataset.pixelRan).toBeUndefined()
    expect(calls.views).toEqual([])
  })
})
