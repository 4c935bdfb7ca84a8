import { describe, expect, it } from 'vitest'
import { dateTimeParts, formatDateTime } from './format-date-time'

describe('dateTimeParts', () => {
  it('cuts the formatted date and time where the locale joins them, losing nothing', () => {
    for (const iso of ['2025-01-31T09:30:00.000Z', '2026-11-28T23:59:00.000Z']) {
      const parts = dateTimeParts(iso)
      expect(parts).not.toBeNull()
      expect(`${parts?.date}${parts?.between}${parts?.time}`).toBe(formatDateTime(iso))
      expect(parts?.date).toMatch(/\d{4}/)
      expect(parts?.time).toMatch(/\d{1,2}:\d{2}/)
    }
  })
})
