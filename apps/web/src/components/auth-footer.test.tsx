import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { AuthFooter, productLinks } from './auth-footer'

describe('AuthFooter', () => {
  it('shows the copyright, the product website and the legal links', () => {
    render(<AuthFooter />)

    expect(screen.getByText(`© ${new Date().getFullYear()} Funnelry`, { exact: false })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: productLinks.website.label })).toHaveAttribute('href', productLinks.website.href)
    for (const name of ['Privacy Policy', 'Terms & Conditions', 'Refund Policy']) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('target', '_blank')
    }
  })
})
