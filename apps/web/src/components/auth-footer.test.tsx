import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { AuthFooter } from './auth-footer'

/** The config the server writes into every page of the app (plugins/web-app.ts). */
function serverConfig(productLinks: Record<string, string | null>) {
  const element = document.createElement('script')
  element.id = 'funnelry-config'
  element.type = 'application/json'
  element.textContent = JSON.stringify({ pages_url: 'http://pages.test', dashboard_url: 'http://app.test', product_links: productLinks })
  document.head.append(element)
}

describe('AuthFooter', () => {
  afterEach(() => document.getElementById('funnelry-config')?.remove())

  it("shows the copyright, the operator's product site and legal pages, each in a new tab", () => {
    serverConfig({
      site_url: 'https://www.shop-tools.com/',
      privacy_policy_url: 'https://www.shop-tools.com/privacy',
      terms_url: 'https://www.shop-tools.com/terms',
      refund_policy_url: 'https://www.shop-tools.com/refunds',
    })
    render(<AuthFooter />)

    expect(screen.getByText(`© ${new Date().getFullYear()} Funnelry`, { exact: false })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'www.shop-tools.com' })).toHaveAttribute('href', 'https://www.shop-tools.com/')
    const expected = { 'Privacy Policy': '/privacy', 'Terms & Conditions': '/terms', 'Refund Policy': '/refunds' }
    for (const [name, path] of Object.entries(expected)) {
      const link = screen.getByRole('link', { name })
      expect(link).toHaveAttribute('href', `https://www.shop-tools.com${path}`)
      expect(link).toHaveAttribute('target', '_blank')
    }
  })

  it('links no legal page the operator did not set, and the dashboard itself when no product site is set', () => {
    serverConfig({
      site_url: 'http://app.test',
      privacy_policy_url: 'https://legal.test/privacy',
      terms_url: null,
      refund_policy_url: null,
    })
    render(<AuthFooter />)

    expect(screen.getByRole('link', { name: 'app.test' })).toHaveAttribute('href', 'http://app.test')
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Terms & Conditions' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Refund Policy' })).not.toBeInTheDocument()
  })
})
