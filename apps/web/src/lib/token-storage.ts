import type { TokenPair } from '@funnelry/shared'

/** Spec section 3 ("Session"): the keys the browser stores. */
export const storageKeys = {
  access: 'access_token',
  refresh: 'refresh_token',
  rememberMe: 'remember_me',
  /** Kept in local storage and true only while a token is stored. */
  authenticated: 'is_authenticated',
} as const

type Listener = () => void
const listeners = new Set<Listener>()

// Storage can be switched off (privacy modes, enterprise policies): treat it as empty instead of crashing the app.
function storage(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage
  } catch {
    return null
  }
}

function read(store: Storage | null, key: string): string | null {
  try {
    return store?.getItem(key) ?? null
  } catch {
    return null
  }
}

function write(store: Storage | null, key: string, value: string | null) {
  try {
    if (value === null) store?.removeItem(key)
    else store?.setItem(key, value)
  } catch {
    // Quota or policy errors: the session then lasts only as long as the page.
  }
}

/** The storage that holds the session: local when "Remember me" was ticked, session storage otherwise. */
function sessionStore(): Storage | null {
  for (const store of [storage('local'), storage('session')]) {
    if (read(store, storageKeys.refresh) !== null || read(store, storageKeys.access) !== null) return store
  }
  return null
}

function notify() {
  for (const listener of listeners) listener()
}

export function getAccessToken(): string | null {
  return read(sessionStore(), storageKeys.access)
}

export function getRefreshToken(): string | null {
  return read(sessionStore(), storageKeys.refresh)
}

/** Spec section 9: remember-me defaults to true. */
export function getRememberMe(): boolean {
  return read(sessionStore(), storageKeys.rememberMe) !== 'false'
}

/** Keeps the authenticated flag true only while a token is stored (a closed browser drops session-storage tokens). */
export function syncAuthenticatedFlag() {
  write(storage('local'), storageKeys.authenticated, getAccessToken() === null ? null : 'true')
}

/** Saves a new session; remember-me true keeps it across browser restarts (local storage), false only for this tab. */
export function saveTokens(tokens: TokenPair, rememberMe: boolean) {
  removeEverywhere()
  const store = storage(rememberMe ? 'local' : 'session')
  write(store, storageKeys.access, tokens.access)
  write(store, storageKeys.refresh, tokens.refresh)
  write(store, storageKeys.rememberMe, String(rememberMe))
  syncAuthenticatedFlag()
  notify()
}

function storeRefreshed(tokens: TokenPair) {
  const store = sessionStore()
  if (!store) return
  write(store, storageKeys.access, tokens.access)
  write(store, storageKeys.refresh, tokens.refresh)
  syncAuthenticatedFlag()
  notify()
}

/**
 * A tab opened from the dashboard starts with a copy of its session storage. When one tab spends
 * the refresh token they share, the others must take its successor: presenting the spent one
 * later would look like a stolen token and end the session (the server rotates refresh tokens).
 * Local storage is shared by all tabs already; the message is then simply ignored.
 */
type Rotation = { spent: string; tokens: TokenPair }
const rotations = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('funnelry-session-rotation')
// Node (the tests) would otherwise stay alive for an open channel; browsers have no such method.
;(rotations as { unref?: () => void } | null)?.unref?.()
rotations?.addEventListener('message', (event: MessageEvent<Rotation>) => {
  const { spent, tokens } = event.data
  if (spent && getRefreshToken() === spent) storeRefreshed(tokens)
})

/**
 * Stores a refreshed pair where the session already is (remember-me decided that at log-in), in
 * place of the spent refresh token, and tells the other tabs. A session cleared meanwhile stays
 * cleared.
 */
export function saveRefreshedTokens(tokens: TokenPair, spent: string) {
  storeRefreshed(tokens)
  rotations?.postMessage({ spent, tokens } satisfies Rotation)
}

export function clearTokens() {
  removeEverywhere()
  notify()
}

function removeEverywhere() {
  for (const store of [storage('local'), storage('session')]) {
    for (const key of [storageKeys.access, storageKeys.refresh, storageKeys.rememberMe]) write(store, key, null)
  }
  write(storage('local'), storageKeys.authenticated, null)
}

/** Calls `listener` whenever the stored session changes, in this tab or (for local storage) in another one. */
export function subscribeToTokens(listener: Listener): () => void {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || Object.values<string>(storageKeys).includes(event.key)) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}
