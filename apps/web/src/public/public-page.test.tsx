import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { hydrateRoot, type Root } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import { mockFunnelApi } from '../features/funnel/testing/mock-funnel-api'
import { makeOffer } from '../testing/factories/funnel'
import { PublicPageView } from './public-page-view'
import { renderPublicPage } from './server'

let root: Root | null = null
afterEach(() => {
  act(() => root?.unmount())
  root = null
  document.body.innerHTML = ''
  delete window.__fyHydrated
  delete window.__fyOptedIn
  delete window.__fySubmitted
  delete window.__fyPressing
})

/** The document as the server sends it: the rendered root, then the first script, run as a browser would. */
function serverPage(page: Parameters<typeof renderPublicPage>[0]) {
  const { root: html, inlineScript } = renderPublicPage(page)
  document.body.innerHTML = `<div id="root">${html}</div>`
  new Function(inlineScript)()
  // biome-ignore lint/style/noNonNullAssertion: set just above
  return document.getElementById('root')!
}

describe('the public offer page rendered by the server', () => {
  it('shows the whole first view before any script: logo, image, headline, price, opt-in button, bump card, footer', () => {
    const offer = makeOffer({
      store_links: { privacy_policy: 'https://shop.example.com/privacy', terms_and_conditions: null, support_link: null },
    })
    serverPage({ kind: 'offer', offer, preview: false })
    expect(screen.getByRole('img', { name: offer.headline })).toBeInTheDocument()
    expect(document.querySelector('img.fy-hero-image')).toHaveAttribute('fetchpriority', 'high')
    expect(screen.getByRole('heading', { level: 1, name: offer.headline })).toBeInTheDocument()
    expect(screen.getByText('FREE')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: offer.opt_in_button })).toBeVisible()
    expect(screen.getByRole('region', { name: 'Add to order' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', 'https://shop.example.com/privacy')
    expect(document.querySelector('style')?.textContent).toContain('.fy-hero-image')
  })

  it('opens the details panel on the first press, before React runs, and React takes over what was typed', async () => {
    mockFunnelApi()
    const offer = makeOffer()
    const container = serverPage({ kind: 'offer', offer, preview: false })
    const user = userEvent.setup()

    await user.click(screen.getByRole('button', { name: offer.opt_in_button }))
    // Only the first script ran: the panel is open and Full Name has the focus.
    expect(screen.getByLabelText('Full Name')).toBeVisible()
    expect(screen.getByLabelText('Full Name')).toHaveFocus()
    expect(screen.getByRole('button', { name: offer.opt_in_button })).toHaveAttribute('type', 'submit')
    await user.type(screen.getByLabelText('Full Name'), 'Grace')

    act(() => {
      root = hydrateRoot(container, <PublicPageView page={{ kind: 'offer', offer, preview: false }} />)
    })
    expect(screen.getByLabelText('Full Name')).toBeVisible()
    await user.type(screen.getByLabelText('Full Name'), ' Hopper')
    expect(screen.getByLabelText('Full Name')).toHaveValue('Grace Hopper')
    // React now checks the fields as the page always did.
    await user.click(screen.getByRole('button', { name: offer.opt_in_button }))
    await waitFor(() => expect(screen.getByText('Email Address is required')).toBeInTheDocument())
  })

  it('opens the details panel even when a listener on the root stops the press (as React does while it is taking over)', async () => {
    const offer = makeOffer()
    const container = serverPage({ kind: 'offer', offer, preview: false })
    container.addEventListener('click', (event) => event.stopPropagation(), true)

    await userEvent.setup().click(screen.getByRole('button', { name: offer.opt_in_button }))
    expect(screen.getByLabelText('Full Name')).toBeVisible()
    expect(window.__fyOptedIn).toBe(true)
  })

  it('grows the price block with a bump ticked before React only once a press under way has ended, so the press keeps its button', async () => {
    const api = mockFunnelApi()
    const offer = makeOffer()
    const container = serverPage({ kind: 'offer', offer, preview: false })
    const user = userEvent.setup()
    await user.click(screen.getByRole('checkbox', { name: 'Add to order' }))
    const optIn = screen.getByRole('button', { name: offer.opt_in_button })
    fireEvent.pointerDown(optIn)

    act(() => {
      root = hydrateRoot(container, <PublicPageView page={{ kind: 'offer', offer, preview: false }} />)
    })
    // The tick is the order's at once; only the price waits for the finger to lift.
    await waitFor(() => expect(api.calls.creates).toHaveLength(1))
    expect(screen.getByRole('checkbox', { name: 'Add to order' })).toBeChecked()
    expect(screen.getByText('FREE')).toBeInTheDocument()

    fireEvent.pointerUp(optIn)
    expect(await screen.findByTestId('order-total')).toHaveTextContent('$19.00')
    expect(screen.queryByText('FREE')).not.toBeInTheDocument()
  })

  it('holds details sent before React runs (no plain form submit, no name or email in the address) and sends them once it has', async () => {
    const api = mockFunnelApi()
    const offer = makeOffer()
    const container = serverPage({ kind: 'offer', offer, preview: false })
    const user = userEvent.setup()

    await user.click(screen.getByRole('button', { name: offer.opt_in_button }))
    await user.type(screen.getByLabelText('Full Name'), 'Grace Hopper')
    await user.type(screen.getByLabelText('Email Address'), 'grace@example.com')
    const submit = new Event('submit', { bubbles: true, cancelable: true })
    container.querySelector('form')?.dispatchEvent(submit)
    expect(submit.defaultPrevented).toBe(true)
    expect(api.order).toEqual([])

    act(() => {
      root = hydrateRoot(container, <PublicPageView page={{ kind: 'offer', offer, preview: false }} />)
    })
    await waitFor(() =>
      expect(api.calls.leads).toEqual([expect.objectContaining({ email: 'grace@example.com', full_name: 'Grace Hopper' })]),
    )
  })

  it("says 'Offer is not available' in words under an inactive offer's button, before and after hydration", () => {
    mockFunnelApi()
    const offer = makeOffer({ is_active: false })
    const container = serverPage({ kind: 'offer', offer, preview: false })
    const before = screen.getByRole('button', { name: offer.opt_in_button })
    expect(before).toBeDisabled()
    expect(before).toHaveAccessibleDescription('Offer is not available')
    expect(within(before.parentElement as HTMLElement).getByText('Offer is not available')).toBeVisible()

    act(() => {
      root = hydrateRoot(container, <PublicPageView page={{ kind: 'offer', offer, preview: false }} />)
    })
    const after = screen.getByRole('button', { name: offer.opt_in_button })
    expect(after).toHaveAccessibleDescription('Offer is not available')
    expect(within(after.parentElement as HTMLElement).getByText('Offer is not available')).toBeVisible()
  })
})
