import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { LocalCardForm } from './local-card-form'

describe('the local test provider card form', () => {
  it("names every test card of decision D34, the one-click add-ons' included", () => {
    render(
      <LocalCardForm
        intent={{ provider: 'local', client_secret: 'local_secret', intent_id: 'intent-1', order_reference: null } as never}
      />,
    )
    const hint = screen.getByText(/4242 4242 4242 4242 succeeds/).textContent ?? ''
    expect(hint).toContain('4000 0000 0000 0002 is declined')
    expect(hint).toContain('4000 0000 0000 9995 succeeds then declines one-click add-ons')
    expect(hint).toContain('4000 0027 6000 3184 asks for authentication')
  })
})
