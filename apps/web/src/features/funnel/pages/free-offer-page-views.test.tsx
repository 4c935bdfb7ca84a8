import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { offerId } from '../../../testing/factories/funnel'
import { resetCountedPageViews } from '../hooks/use-page-view'
import { mockFunnelApi } from '../testing/mock-funnel-api'
import { renderOfferPage } from '../testing/render-funnel'

afterEach(() => {
  resetCountedPageViews()
  window.history.replaceState(null, '', '/')
})

describe('page views (issue 6)', () => {
  it('counts one view per page load of the live page; a direct visit names no campaign', async () => {
    const { calls } = mockFunnelApi()
    renderOfferPage()
    await screen.findByRole('heading', { level: 1 })
    await expect.poll(() => calls.views).toEqual([`${offerId} application/json {}`])
  })

  it("sends the campaign of the page's address with the view (decision D37)", async () => {
    window.history.replaceState(null, '', `/free-offer/${offerId}?utm_source=facebook&utm_campaign=spring&fbclid=IwAR1&ref=x&utm_term=`)
    const { calls } = mockFunnelApi()
    renderOfferPage()
    await screen.findByRole('heading', { level: 1 })
    await expect
      .poll(() => calls.views)
      .toEqual([`${offerId} application/json {"utm_source":"facebook","utm_campaign":"spring","fbclid":"IwAR1"}`])
  })

  it('counts nothing in preview mode', async () => {
    const { calls } = mockFunnelApi()
    renderOfferPage(`/free-offer/${offerId}?isPreview=true`)
    await screen.findByRole('heading', { level: 1 })
    // The tab title is set by the page's parent, whose effects run after the page's own (the view
    // counter's): once it shows, a view would have been sent.
    await waitFor(() => expect(document.title).toBe('The 7-day launch guide'))
    expect(calls.views).toEqual([])
  })
})
