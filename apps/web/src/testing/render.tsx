import type { AccessClaims } from '@funnelry/shared'
import { type RenderResult, render, screen } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { type ReactNode, StrictMode } from 'react'
import { createMemoryRouter, type RouteObject, RouterProvider, useLocation } from 'react-router'
import { AppProviders, createQueryClient } from '../app/providers'
import { paths } from '../config/paths'
import { signIn } from './tokens'

export type RenderAppOptions = {
  /** The initial URL, query string included. Default '/'. */
  url?: string
  /** The route pattern `ui` is mounted at, for pages that read params (e.g. '/dashboard/edit-free-offer/:id'). Default: the URL's path. */
  path?: string
  /** A whole route set instead of `ui`, e.g. the app's `routes` from app/router.tsx. */
  routes?: RouteObject[]
  /** Stores a session before rendering: true for `testUser`, or the claims to change. */
  signedIn?: boolean | Partial<AccessClaims>
}

export type RenderAppResult = RenderResult & {
  user: UserEvent
  router: ReturnType<typeof createMemoryRouter>
  queryClient: ReturnType<typeof createQueryClient>
  /** The current path, e.g. to assert a redirect: `await waitFor(() => expect(pathname()).toBe('/'))`. */
  pathname: () => string
}

/** Any path the test does not mount shows where the app went, so redirects are visible on screen too. */
function Elsewhere() {
  const location = useLocation()
  return <p data-testid="elsewhere">{`${location.pathname}${location.search}`}</p>
}

/**
 * Renders `ui` (or `routes`) the way the app runs: strict mode, theme, toasts, query client,
 * session provider and a memory router. Logout and an expired session navigate this router to /.
 *
 *   const { user, pathname } = renderApp(<LoginPage />)
 *   const { findByText } = renderApp(null, { routes, url: '/dashboard', signedIn: true })
 */
export function renderApp(ui: ReactNode, options: RenderAppOptions = {}): RenderAppResult {
  const url = options.url ?? '/'
  if (options.signedIn) signIn(options.signedIn === true ? {} : options.signedIn)
  const routes = options.routes ?? [
    { path: options.path ?? new URL(url, 'http://localhost').pathname, element: ui },
    { path: '*', element: <Elsewhere /> },
  ]
  const router = createMemoryRouter(routes, { initialEntries: [url] })
  const queryClient = createQueryClient()
  const result = render(
    <StrictMode>
      <AppProviders queryClient={queryClient} onSignedOut={() => void router.navigate(paths.login.href(), { replace: true })}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  )
  return { ...result, user: userEvent.setup(), router, queryClient, pathname: () => router.state.location.pathname }
}

/** The path shown by the catch-all route of `renderApp(ui)`. */
export async function findElsewhere(): Promise<string> {
  return (await screen.findByTestId('elsewhere')).textContent ?? ''
}
