import { describe, expect, it } from 'vitest'
import { phoneToastBand, phoneToastEdge, phoneToastTop } from './toast-placement'

describe('where a phone toast goes', () => {
  it('below the app bar when no control was used, or the one used is out of the top band', () => {
    expect(phoneToastEdge(undefined)).toBe('top')
    expect(phoneToastEdge({ top: phoneToastTop + phoneToastBand, bottom: phoneToastTop + phoneToastBand + 40 })).toBe('top')
    // The app bar's own menu button: the toast goes below the bar, so it covers neither.
    expect(phoneToastEdge({ top: 8, bottom: 48 })).toBe('top')
  })

  it('to the bottom when the control used overlaps the band a top toast covers', () => {
    expect(phoneToastEdge({ top: phoneToastTop + 10, bottom: phoneToastTop + 50 })).toBe('bottom')
    expect(phoneToastEdge({ top: phoneToastTop + phoneToastBand - 1, bottom: phoneToastTop + phoneToastBand + 30 })).toBe('bottom')
    expect(phoneToastEdge({ top: 40, bottom: phoneToastTop + 1 })).toBe('bottom')
  })
})
