import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { resetCountedPageViews } from '../hooks/use-page-view'
import { mockFunnelApi, offerId } from '../testing/funnel-fixtures'
import { renderOfferPage } from '../testing/render-funnel'

afterEach(() => resetCountedPageViews())

describe('page views (issue 6)', () => {
  it('counts one view per page load of the live page, with no body', async () => {
    const { calls } = mockFunnelApi()
    renderOfferPage()
    await screen.findByRole('heading', { level: 1 })
    await expect.poll(() => calls.views).toEqual([`${offerId} no body`])
  })

  it('counts nothing in preview mode', async () => {
    const { calls } = mockFunnelApi()
    renderOfferPage(`/free-offer/${offerId}?isPreview=true`)
    await screen.findByRole('heading', { level: 1 })
    // The live page sends its view right after rendering; give a preview the same chance.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(calls.views).toEqual([])
  })
})
