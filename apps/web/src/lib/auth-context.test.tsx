import { useAuthOutsideProvider } from '@funnelry/shared'
import { renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { useAuth } from './auth-context'

describe('useAuth', () => {
  it('throws the exact developer error outside its provider', () => {
    // React reports the thrown error on the console as well; keep the test output readable.
    vi.spyOn(console, 'error').mockImplementation(() => {})

    expect(() => renderHook(() => useAuth())).toThrow(useAuthOutsideProvider)
    expect(useAuthOutsideProvider).toBe('useAuth must be used within an AuthProvider')
  })
})
