import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SearchField, searchDelay } from './search-field'

// The pause is counted on a fake clock: on a busy machine a real one may pause between two keys
// for longer than the delay, and the test would then see a search per word part. Keys are change
// events (user-event's own waits run on the real clock and would stall on a fake one).
describe('SearchField', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  function setUp(value = '') {
    const onSearch = vi.fn<(value: string) => void>()
    const view = render(<SearchField label="Search" value={value} onSearch={onSearch} />)
    const box = screen.getByRole('searchbox', { name: 'Search' })
    const typeSlowly = (text: string, pause: number) => {
      for (let end = 1; end <= text.length; end += 1) {
        fireEvent.change(box, { target: { value: text.slice(0, end) } })
        act(() => vi.advanceTimersByTime(pause))
      }
    }
    return { onSearch, view, box, typeSlowly }
  }

  it('searches once, with the trimmed word, when typing pauses', () => {
    const { onSearch, typeSlowly } = setUp()

    typeSlowly('  ada@ex ', searchDelay - 1)
    expect(onSearch).not.toHaveBeenCalled()

    act(() => vi.advanceTimersByTime(1))
    expect(onSearch.mock.calls).toEqual([['ada@ex']])
  })

  it('does not search again for text that trims to the search in effect', () => {
    const { onSearch, typeSlowly } = setUp('ada')

    typeSlowly('ada ', 0)
    act(() => vi.advanceTimersByTime(searchDelay))
    expect(onSearch).not.toHaveBeenCalled()
  })

  it('shows a search that changed elsewhere (back button, a link)', () => {
    const { onSearch, view, box } = setUp('ada')

    view.rerender(<SearchField label="Search" value="alan" onSearch={onSearch} />)
    expect(box).toHaveValue('alan')
  })
})
