import { act } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderApp } from '../../../testing/render'
import { useReportFilters } from './use-report-filters'

/** The filters of the last render, for the test to call as the filter fields do. */
let filters: ReturnType<typeof useReportFilters> | undefined
function Probe() {
  filters = useReportFilters()
  return <p>{`${filters.fields.utm_campaign}|${filters.fields.utm_source}`}</p>
}

describe('useReportFilters', () => {
  it('keeps both of two filters applied before the screen rendered the first (Campaign, then Source at once)', async () => {
    const { router, findByText } = renderApp(<Probe />, { url: '/dashboard/leads?page=3', signedIn: true })
    await findByText('|')
    const rendered = filters
    act(() => {
      rendered?.setFilter('utm_campaign', 'spring')
      rendered?.setFilter('utm_source', 'meta')
    })
    await findByText('spring|meta')
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ utm_campaign: 'spring', utm_source: 'meta' })

    // After that render, a change starts from the URL shown (a link or Back may have changed it).
    await act(() => router.navigate('/dashboard/leads?utm_source=google'))
    await findByText('|google')
    act(() => filters?.setFilter('utm_campaign', 'autumn'))
    await findByText('autumn|google')
    act(() => filters?.clearFilters(['utm_campaign', 'utm_source']))
    await findByText('|')
    expect(router.state.location.search).toBe('')
  })
})
