import { describe, expect, it } from 'vitest'
import { loginWithNext, safeNextPath } from './next-path'

describe('the log-in screen keeps a deep link (issue 22)', () => {
  it('keeps a path of this app, with its query', () => {
    expect(safeNextPath('/dashboard/orders')).toBe('/dashboard/orders')
    expect(safeNextPath('/dashboard/orders?page=2')).toBe('/dashboard/orders?page=2')
    expect(loginWithNext('/dashboard/orders?page=2')).toBe('/?next=%2Fdashboard%2Forders%3Fpage%3D2')
  })

  it.each([null, '', '/', 'https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'dashboard'])(
    'refuses anything that could leave the origin or loop: %s',
    (value) => {
      expect(safeNextPath(value)).toBeNull()
    },
  )
})
