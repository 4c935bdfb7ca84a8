import { screen, waitFor } from '@testing-library/react'
import type { RouteObject } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { dashboardPages } from '../../features/dashboard'
import { renderApp } from '../../testing/render'
import { routes as appRoutes } from '../router'
import PrivateRoute from './private-route'
import PublicOnlyRoute from './public-only-route'

const routes: RouteObject[] = [
  { element: <PublicOnlyRoute />, children: [{ path: '/', element: <h1>Log-in screen</h1> }] },
  {
    element: <PrivateRoute />,
    children: [
      { path: '/oto-offer/:id', element: <h1>OTO preview</h1> },
      {
        path: '/dashboard',
        children: [
          { index: true, lazy: async () => ({ Component: (await dashboardPages.index()).default }) },
          { path: 'free-offers', element: <h1>Free offers</h1> },
        ],
      },
    ],
  },
]

describe('route guards', () => {
  it.each(['/dashboard/free-offers', '/dashboard', '/oto-offer/7'])(
    'sends a signed-out visitor from %s to / (decision D1)',
    async (url) => {
      const { pathname } = renderApp(null, { routes, url })

      expect(await screen.findByRole('heading', { name: 'Log-in screen' })).toBeInTheDocument()
      expect(pathname()).toBe('/')
    },
  )

  it('keeps a deep link through the log-in: a signed-in seller at /?next= goes there (issue 22)', async () => {
    const out = renderApp(null, { routes, url: '/dashboard/free-offers?page=2' })
    expect(await screen.findByRole('heading', { name: 'Log-in screen' })).toBeInTheDocument()
    expect(`${out.router.state.location.pathname}${out.router.state.location.search}`).toBe('/?next=%2Fdashboard%2Ffree-offers%3Fpage%3D2')
    out.unmount()

    const { router } = renderApp(null, { routes, url: '/?next=%2Fdashboard%2Ffree-offers%3Fpage%3D2', signedIn: true })
    expect(await screen.findByRole('heading', { name: 'Free offers' })).toBeInTheDocument()
    expect(router.state.location.search).toBe('?page=2')
  })

  it('ignores a next that leaves the origin', async () => {
    const { pathname } = renderApp(null, { routes, url: '/?next=%2F%2Fevil.example%2Fdashboard', signedIn: true })
    expect(await screen.findByRole('heading', { name: 'Free offers' })).toBeInTheDocument()
    expect(pathname()).toBe('/dashboard/free-offers')
  })

  it('sends a signed-in seller from / to the free offers', async () => {
    const { pathname } = renderApp(null, { routes, url: '/', signedIn: true })

    expect(await screen.findByRole('heading', { name: 'Free offers' })).toBeInTheDocument()
    expect(pathname()).toBe('/dashboard/free-offers')
  })

  it('opens private pages for a signed-in seller, and /dashboard shows the free offers', async () => {
    const { pathname } = renderApp(null, { routes, url: '/dashboard', signedIn: true })

    expect(await screen.findByRole('heading', { name: 'Free offers' })).toBeInTheDocument()
    expect(pathname()).toBe('/dashboard/free-offers')
  })

  it("uses the guards in the app's own routes", async () => {
    const { pathname } = renderApp(null, { routes: appRoutes, url: '/dashboard/settings' })

    expect(await screen.findByRole('button', { name: 'Log In' })).toBeInTheDocument()
    expect(pathname()).toBe('/')
  })
})

describe('the dashboard origin (decision D23)', () => {
  afterEach(() => {
    document.getElementById('funnelry-config')?.remove()
    vi.unstubAllGlobals()
  })

  /** The page as the server sends it on the pages origin: its config names the dashboard elsewhere. */
  function onPagesOrigin() {
    const config = document.createElement('script')
    config.id = 'funnelry-config'
    config.type = 'application/json'
    config.textContent = JSON.stringify({ pages_url: window.location.origin, dashboard_url: 'http://dashboard.example' })
    document.head.append(config)
    const replace = vi.fn<(url: string) => void>()
    vi.stubGlobal('location', { ...window.location, origin: window.location.origin, replace })
    return replace
  }

  it.each(['/', '/sign-up?email=a%40b.c&token=t', '/dashboard/settings'])(
    'leaves the pages origin for the dashboard origin instead of rendering %s there',
    async (url) => {
      const replace = onPagesOrigin()
      renderApp(null, { routes: appRoutes, url })
      await waitFor(() => expect(replace).toHaveBeenCalledWith(`http://dashboard.example${url}`))
      expect(screen.queryByRole('button', { name: 'Log In' })).not.toBeInTheDocument()
    },
  )

  it('renders public pages on the pages origin', async () => {
    const replace = onPagesOrigin()
    renderApp(null, { routes: appRoutes, url: '/404' })
    expect(await screen.findByText(/not found/i)).toBeInTheDocument()
    expect(replace).not.toHaveBeenCalled()
  })
})
