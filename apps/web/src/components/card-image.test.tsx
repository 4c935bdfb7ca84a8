import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { CardImage } from './card-image'

describe('CardImage', () => {
  it('shows the whole picture in its 16:9 box, never cropped', () => {
    render(<CardImage src="/media/images/tall.png" alt="Checklist" />)

    expect(getComputedStyle(screen.getByRole('img', { name: 'Checklist' })).objectFit).toBe('contain')
  })
})
