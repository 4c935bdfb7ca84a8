import { describe, expect, it } from 'vitest'
import { defaultPageSize, pageCount, pageQuerySchema } from './pagination.js'

describe('pagination', () => {
  it('defaults to page 1 of 12 and caps the page size at 100', () => {
    expect(pageQuerySchema.parse({})).toEqual({ page: 1, page_size: defaultPageSize })
    expect(pageQuerySchema.safeParse({ page_size: '101' }).success).toBe(false)
    expect(pageQuerySchema.safeParse({ page: '0' }).success).toBe(false)
  })

  it('counts pages, with at least one', () => {
    expect(pageCount(0)).toBe(1)
    expect(pageCount(12)).toBe(1)
    expect(pageCount(13)).toBe(2)
  })
})
