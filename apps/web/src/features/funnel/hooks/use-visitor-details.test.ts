import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useVisitorDetails } from './use-visitor-details'

describe('useVisitorDetails', () => {
  it('validates the details adopted in the same task, before React rendered them (a submit pressed while the page hydrates)', () => {
    const { result } = renderHook(() => useVisitorDetails())
    // The render's own `validate`, as the form's submit handler of the hydrating render holds it.
    const rendered = result.current
    let valid: ReturnType<typeof rendered.validate> = null
    act(() => {
      rendered.adopt({ full_name: ' Grace Hopper ', email: 'grace@example.com' })
      valid = rendered.validate()
    })
    expect(valid).toEqual({ full_name: 'Grace Hopper', email: 'grace@example.com' })
    expect(result.current.errors).toEqual({})
  })

  it('validates a change made in the same task, and shows every problem of empty details on submit', () => {
    const { result } = renderHook(() => useVisitorDetails())
    const rendered = result.current
    let valid: ReturnType<typeof rendered.validate> = null
    act(() => {
      valid = rendered.validate()
    })
    expect(valid).toBeNull()
    expect(Object.keys(result.current.errors).sort()).toEqual(['email', 'full_name'])

    const next = result.current
    act(() => {
      next.change('full_name', 'Grace')
      next.change('email', 'grace@example.com')
      valid = next.validate()
    })
    expect(valid).toEqual({ full_name: 'Grace', email: 'grace@example.com' })
  })
})
