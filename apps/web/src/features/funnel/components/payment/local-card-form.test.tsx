import { localConfirmSuccessSchema } from '@funnelry/shared'
import { localChallengeDetailsSchema, localChallengeResultSchema } from '@funnelry/shared/funnel/post-purchase-schemas'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { createRef } from 'react'
import { describe, expect, it } from 'vitest'
import { apiHandler, server } from '../../../../testing/msw'
import { LocalCardForm } from './local-card-form'
import type { PaymentFormHandle } from './payment-form-types'

const intent = { provider: 'local', client_secret: 'local_secret', intent_id: 'intent-1', order_reference: null } as never

/** Decision D34: 3184 asks for authentication on the first payment; the challenge's answer is what the server says. */
function authenticatingApi(answer: { status: 'succeeded' | 'failed'; message?: string }) {
  const answers: unknown[] = []
  server.use(
    apiHandler('post', '/payments/local/confirm/', localConfirmSuccessSchema, () => HttpResponse.json({ status: 'requires_action' })),
    apiHandler('get', '/payments/local/challenge/', localChallengeDetailsSchema, () =>
      HttpResponse.json({ merchant: 'Meal Plans Co', amount: '3.50', currency: 'USD' }),
    ),
    apiHandler('post', '/payments/local/challenge/', localChallengeResultSchema, async ({ request }) => {
      answers.push(await request.json())
      return HttpResponse.json(answer)
    }),
  )
  return answers
}

async function payWith3184() {
  const user = userEvent.setup()
  const form = createRef<PaymentFormHandle>()
  render(<LocalCardForm intent={intent} ref={form} />)
  await user.type(screen.getByRole('textbox', { name: 'Card number' }), '4000002760003184')
  const outcome = form.current?.confirm()
  const challenge = await screen.findByRole('region', { name: 'Confirm this payment' })
  return { user, outcome, challenge }
}

describe('the local test provider card form', () => {
  it("names every test card of decision D34, the one-click add-ons' included", () => {
    render(<LocalCardForm intent={intent} />)
    const hint = screen.getByText(/4242 4242 4242 4242 succeeds/).textContent ?? ''
    expect(hint).toContain('4000 0000 0000 0002 is declined')
    expect(hint).toContain('4000 0000 0000 9995 succeeds then declines one-click add-ons')
    expect(hint).toContain('4000 0027 6000 3184 asks for authentication')
  })

  it('shows the challenge for 4000 0027 6000 3184 with who charges how much; Complete pays', async () => {
    const answers = authenticatingApi({ status: 'succeeded' })
    const { user, outcome, challenge } = await payWith3184()
    expect(await screen.findByText('Meal Plans Co is charging 3.50 USD.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Complete' }))
    await expect(outcome).resolves.toEqual({ status: 'succeeded' })
    expect(answers).toEqual([{ client_secret: 'local_secret', outcome: 'complete' }])
    expect(challenge).not.toBeInTheDocument()
  })

  it("Fail refuses the payment with the server's message, and the form stays to try another card", async () => {
    authenticatingApi({ status: 'failed', message: 'The authentication of this payment failed.' })
    const { user, outcome } = await payWith3184()
    await user.click(await screen.findByRole('button', { name: 'Fail' }))
    await expect(outcome).resolves.toEqual({ status: 'failed', message: 'The authentication of this payment failed.' })
    expect(screen.queryByRole('region', { name: 'Confirm this payment' })).not.toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Card number' })).toBeEnabled()
  })
})
