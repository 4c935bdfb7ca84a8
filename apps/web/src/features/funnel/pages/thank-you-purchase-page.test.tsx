import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderApp } from '../../../test/render'
import ThankYouPurchasePage from './thank-you-purchase-page'

describe('thank-you page (/thank-you-purchase)', () => {
  it('congratulates on the free download for type free-offer', () => {
    renderApp(<ThankYouPurchasePage />, { url: '/thank-you-purchase?type=free-offer' })
    expect(screen.getByRole('heading', { name: 'Congratulations for Claiming Your Free Download!' })).toBeInTheDocument()
    expect(screen.getByText('Check your email address to get the free download.')).toBeInTheDocument()
  })

  it.each(['/thank-you-purchase?type=oto-offer', '/thank-you-purchase'])('thanks for the purchase otherwise (%s)', (url) => {
    renderApp(<ThankYouPurchasePage />, { url })
    expect(screen.getByRole('heading', { name: 'Thank You For Your Purchase!' })).toBeInTheDocument()
    expect(screen.getByText('Please check your email address to get your free download and extra product purchases.')).toBeInTheDocument()
  })
})
