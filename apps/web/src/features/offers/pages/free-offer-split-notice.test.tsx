import { type SplitExperiment, splitExperimentSchema } from '@funnelry/shared'
import { screen } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { freeOffer } from '../../../testing/factories/offers'
import { splitExperiment } from '../../../testing/factories/split-tests'
import { apiHandler, server } from '../../../testing/msw'
import { renderApp } from '../../../testing/render'
import { mockDropdowns, mockFreeOffer, mockOfferStats } from '../testing/offer-api'
import FreeOfferFormPage from './free-offer-form-page'

const offer = freeOffer({ headline: 'Seven Recipes' })
const test = (status: SplitExperiment['status']): SplitExperiment =>
  splitExperiment({ status, ended_at: status === 'ended' ? '2026-11-20T10:00:00.000Z' : null })

function editWith(experiment: SplitExperiment | null) {
  mockOfferStats()
  mockDropdowns()
  mockFreeOffer(offer)
  server.use(
    apiHandler('get', '/free-product/:id/experiment/', splitExperimentSchema, () =>
      experiment ? HttpResponse.json(experiment) : HttpResponse.json({ detail: 'This offer has no split test yet.' }, { status: 404 }),
    ),
  )
  return renderApp(<FreeOfferFormPage />, {
    url: `/dashboard/edit-free-offer/${offer.id}`,
    path: '/dashboard/edit-free-offer/:id',
    signedIn: true,
  })
}

describe('editing an offer while a split test runs on it (issue 27)', () => {
  it('says what a save changes (the original only, at once), the header leading to the results', async () => {
    editWith(test('running'))
    const notice = await screen.findByRole('alert')
    expect(notice).toHaveTextContent('A split test is running on this page')
    expect(notice).toHaveTextContent('Saving here changes the original page at once')
    expect(notice).toHaveTextContent('The variants keep their own headline, sub-headline, button text, BUMP and OTO')
    // One way to the test, in the page's header, before the long form.
    const entry = screen.getByRole('link', { name: 'Split test results' })
    expect(entry).toHaveAttribute('href', `/dashboard/split-test/${offer.id}`)
    expect(entry.compareDocumentPosition(notice) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(screen.getAllByRole('link', { name: /split test/i })).toEqual([entry])
  })

  it('says nothing once the test has ended', async () => {
    editWith(test('ended'))
    await screen.findByRole('heading', { name: 'Edit Free Offer' })
    const entry = await screen.findByRole('link', { name: 'Start a split test' })
    // Before the form's first field, where a seller looks, and the only way there.
    expect(entry.compareDocumentPosition(screen.getByRole('region', { name: 'Details' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(screen.getAllByRole('link', { name: /split test/i })).toHaveLength(1)
    expect(screen.queryByText('A split test is running on this page')).not.toBeInTheDocument()
  })
})
