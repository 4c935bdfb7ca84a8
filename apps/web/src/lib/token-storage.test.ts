import { waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import {
  clearTokens,
  getAccessToken,
  getRefreshToken,
  getRememberMe,
  saveRefreshedTokens,
  saveTokens,
  subscribeToTokens,
  syncAuthenticatedFlag,
} from './token-storage'

const pair = { access: 'access-1', refresh: 'refresh-1' }

describe('token storage', () => {
  it('keeps a remembered session in local storage, with the authenticated flag', () => {
    saveTokens(pair, true)

    expect(localStorage.getItem('access_token')).toBe('access-1')
    expect(localStorage.getItem('refresh_token')).toBe('refresh-1')
    expect(localStorage.getItem('remember_me')).toBe('true')
    expect(localStorage.getItem('is_authenticated')).toBe('true')
    expect(sessionStorage.length).toBe(0)
    expect(getRememberMe()).toBe(true)
  })

  it('keeps a session that is not remembered in session storage only', () => {
    saveTokens(pair, false)

    expect(sessionStorage.getItem('access_token')).toBe('access-1')
    expect(sessionStorage.getItem('refresh_token')).toBe('refresh-1')
    expect(sessionStorage.getItem('remember_me')).toBe('false')
    expect(localStorage.getItem('access_token')).toBeNull()
    expect(getAccessToken()).toBe('access-1')
    expect(getRememberMe()).toBe(false)
  })

  it('replaces a previous session wherever it was kept', () => {
    saveTokens(pair, true)
    saveTokens({ access: 'access-2', refresh: 'refresh-2' }, false)

    expect(localStorage.getItem('access_token')).toBeNull()
    expect(getAccessToken()).toBe('access-2')
    expect(getRefreshToken()).toBe('refresh-2')
  })

  it('stores a refreshed pair where the session is, replacing the spent refresh token, but never revives a cleared session', () => {
    saveTokens(pair, false)
    saveRefreshedTokens({ access: 'access-2', refresh: 'refresh-2' }, 'refresh-1')
    expect(sessionStorage.getItem('access_token')).toBe('access-2')
    expect(sessionStorage.getItem('refresh_token')).toBe('refresh-2')
    expect(localStorage.getItem('refresh_token')).toBeNull()

    saveTokens(pair, true)
    saveRefreshedTokens({ access: 'access-3', refresh: 'refresh-3' }, 'refresh-1')
    expect(localStorage.getItem('refresh_token')).toBe('refresh-3')
    expect(sessionStorage.getItem('refresh_token')).toBeNull()

    clearTokens()
    saveRefreshedTokens({ access: 'access-4', refresh: 'refresh-4' }, 'refresh-3')
    expect(getAccessToken()).toBeNull()
    expect(getRefreshToken()).toBeNull()
  })

  it('clears every key, and the authenticated flag follows the stored token', () => {
    saveTokens(pair, true)
    clearTokens()

    expect(localStorage.length).toBe(0)
    expect(sessionStorage.length).toBe(0)

    // A closed browser drops session storage but not the flag in local storage.
    localStorage.setItem('is_authenticated', 'true')
    syncAuthenticatedFlag()
    expect(localStorage.getItem('is_authenticated')).toBeNull()
  })

  it('tells subscribers about every change', () => {
    const listener = vi.fn()
    const unsubscribe = subscribeToTokens(listener)

    saveTokens(pair, true)
    saveRefreshedTokens({ access: 'access-2', refresh: 'refresh-2' }, 'refresh-1')
    clearTokens()
    unsubscribe()
    saveTokens(pair, true)

    expect(listener).toHaveBeenCalledTimes(3)
  })

  it('takes the successor another tab got for the refresh token this tab holds, and nothing else', async () => {
    saveTokens(pair, false)
    // Another tab of the same browser, as the channel delivers its messages.
    const otherTab = new BroadcastChannel('funnelry-session-rotation')
    otherTab.postMessage({ spent: 'someone-elses-token', tokens: { access: 'wrong-access', refresh: 'wrong-refresh' } })
    otherTab.postMessage({ spent: 'refresh-1', tokens: { access: 'access-2', refresh: 'refresh-2' } })
    await waitFor(() => expect(getRefreshToken()).toBe('refresh-2'))
    expect(getAccessToken()).toBe('access-2')
    expect(sessionStorage.getItem('refresh_token')).toBe('refresh-2')
    otherTab.close()
  })
})
