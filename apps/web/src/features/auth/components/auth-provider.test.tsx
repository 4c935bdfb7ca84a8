import { detailErrorSchema, storeSettingsSchema, tokenPairSchema } from '@funnelry/shared'
import { screen, waitFor } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { useEffect } from 'react'
import { describe, expect, it } from 'vitest'
import { apiClient } from '../../../lib/api-client'
import { useAuth } from '../../../lib/auth-context'
import { freeOfferDraftKey } from '../../../lib/free-offer-draft'
import { apiHandler, server } from '../../../testing/msw'
import { renderApp } from '../../../testing/render'
import { signIn } from '../../../testing/tokens'

function Session() {
  const { isAuthenticated, user, logout } = useAuth()
  return (
    <div>
      <p>{isAuthenticated ? `Signed in as ${user?.full_name} <${user?.email}> (${user?.user_id})` : 'Signed out'}</p>
      <button type="button" onClick={() => void logout()}>
        Log Out
      </button>
    </div>
  )
}

/** A page that reads a protected resource as soon as it opens. */
function ProtectedReader() {
  useEffect(() => {
    apiClient.get('/store-settings/seller-1/').catch(() => {})
  }, [])
  return <Session />
}

describe('AuthProvider', () => {
  it('reads the seller from the access token, each field from its own claim', () => {
    signIn({ user_id: 'u-7', full_name: 'Grace Hopper', email: 'grace@example.com' })
    renderApp(<Session />)

    expect(screen.getByText('Signed in as Grace Hopper <grace@example.com> (u-7)')).toBeInTheDocument()
  })

  it('logs out: revokes the refresh token, clears the session and goes to /', async () => {
    const revoked: unknown[] = []
    server.use(
      apiHandler('post', '/authentication/logout/', detailErrorSchema, async ({ request }) => {
        revoked.push(await request.json())
        return HttpResponse.json({ detail: 'Logged out.' })
      }),
    )
    const { user, pathname } = renderApp(<Session />, { url: '/dashboard', signedIn: true })
    localStorage.setItem(freeOfferDraftKey, '{"offerId":null}')

    await user.click(screen.getByRole('button', { name: 'Log Out' }))

    await waitFor(() => expect(pathname()).toBe('/'))
    expect(revoked).toEqual([{ refresh: 'refresh-token' }])
    expect(localStorage.getItem('access_token')).toBeNull()
    expect(localStorage.getItem('is_authenticated')).toBeNull()
    // An unsaved free offer draft belongs to the seller who leaves.
    expect(localStorage.getItem(freeOfferDraftKey)).toBeNull()
  })

  it('clears the session even when the logout call fails', async () => {
    server.use(
      apiHandler('post', '/authentication/logout/', detailErrorSchema, () => HttpResponse.json({ detail: 'Down' }, { status: 503 })),
    )
    const { user, pathname } = renderApp(<Session />, { url: '/dashboard', signedIn: true })

    await user.click(screen.getByRole('button', { name: 'Log Out' }))

    await waitFor(() => expect(pathname()).toBe('/'))
    expect(localStorage.getItem('refresh_token')).toBeNull()
  })

  it('sends the seller to / when the session cannot be refreshed', async () => {
    server.use(
      apiHandler('get', '/store-settings/seller-1/', storeSettingsSchema, () => HttpResponse.json({ detail: 'Expired' }, { status: 401 })),
      apiHandler('post', '/authentication/token/refresh/', tokenPairSchema, () =>
        HttpResponse.json({ detail: 'Expired' }, { status: 401 }),
      ),
    )
    const { pathname } = renderApp(<ProtectedReader />, { url: '/dashboard/settings', signedIn: true })

    await waitFor(() => expect(pathname()).toBe('/'))
    expect(localStorage.getItem('access_token')).toBeNull()
  })
})
