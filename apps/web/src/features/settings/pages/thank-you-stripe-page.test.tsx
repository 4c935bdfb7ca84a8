import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderApp } from '../../../test/render'
import ThankYouStripePage from './thank-you-stripe-page'

describe('Payment-account-connected page', () => {
  it('thanks the seller and links to log-in', () => {
    renderApp(<ThankYouStripePage />, { url: '/thank-you-stripe' })

    expect(screen.getByRole('heading', { name: 'Thank You for Setting Up Your Account!' })).toBeInTheDocument()
    expect(
      screen.getByText("Your Stripe account has been successfully connected. You're now ready to start receiving payments securely."),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/')
  })
})
