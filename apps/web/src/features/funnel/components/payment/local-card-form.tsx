import { lazy, Suspense, useImperativeHandle, useState } from 'react'
import { paymentErrorMessage } from '../../../../lib/api-error'
import { confirmLocalPayment } from '../../api/confirm-local-payment'
import type { PaymentFormProps, PaymentOutcome } from './payment-form-types'

// Only a 3184 payment needs the challenge page: its code is downloaded then, not with the offer page.
const LocalChallenge = lazy(() => import('../local-challenge').then((module) => ({ default: module.LocalChallenge })))

type Answer = 'complete' | 'fail'

export const localCardTexts = {
  notice: 'Test mode — no real payment is taken.',
  hint: '4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 succeeds then declines one-click add-ons, 4000 0027 6000 3184 asks for authentication',
  missing: 'Enter a card number.',
} as const

/** Groups digits by four as a card shows them; at most 19 digits. */
function formatCardNumber(value: string): string {
  return (
    value
      .replace(/\D/g, '')
      .slice(0, 19)
      .match(/.{1,4}/g) ?? []
  ).join(' ')
}

/** The local test provider's form (decisions, "Payment providers"): one card number field. */
export function LocalCardForm({ intent, ref, onCardChange }: PaymentFormProps) {
  const [cardNumber, setCardNumber] = useState('')
  const [error, setError] = useState<string | null>(null)
  // Decision D34: 4000 0027 6000 3184 asks for authentication; Pay waits for the buyer's answer here.
  const [challenge, setChallenge] = useState<{ answer: (outcome: Answer) => void } | null>(null)
  const [answering, setAnswering] = useState(false)

  useImperativeHandle(ref, () => {
    /** Shows the local challenge page, and pays or refuses as the buyer answers it (the server decides). */
    const authenticate = async (): Promise<PaymentOutcome> => {
      const outcome = await new Promise<Answer>((answer) => setChallenge({ answer }))
      setAnswering(true)
      try {
        const { answerLocalChallenge } = await import('../../api/post-purchase')
        const answered = await answerLocalChallenge(intent.client_secret, outcome)
        return answered.status === 'succeeded' ? { status: 'succeeded' } : { status: 'failed', message: answered.message }
      } catch (failure) {
        return { status: 'failed', message: paymentErrorMessage(failure) }
      } finally {
        setChallenge(null)
        setAnswering(false)
      }
    }
    return {
      async confirm() {
        const digits = cardNumber.replace(/\D/g, '')
        if (digits === '') {
          setError(localCardTexts.missing)
          return { status: 'incomplete' }
        }
        try {
          const paid = await confirmLocalPayment({ client_secret: intent.client_secret, card_number: digits })
          if (paid.status === 'requires_action') return await authenticate()
          return { status: 'succeeded' }
        } catch (failure) {
          return { status: 'failed', message: paymentErrorMessage(failure) }
        }
      },
      refresh: async () => {},
    }
  }, [cardNumber, intent.client_secret])

  return (
    <div className="fy-stack-sm">
      <p className="fy-note">{localCardTexts.notice}</p>
      <div className="fy-field">
        <label htmlFor="fy-card-number">Card number</label>
        <input
          id="fy-card-number"
          name="card_number"
          className="fy-input"
          value={cardNumber}
          onChange={(event) => {
            setCardNumber(formatCardNumber(event.target.value))
            setError(null)
            onCardChange?.()
          }}
          placeholder="4242 4242 4242 4242"
          autoComplete="cc-number"
          inputMode="numeric"
          aria-invalid={error !== null || undefined}
          aria-describedby={error ? 'fy-card-number-error' : undefined}
        />
        {error && (
          <span id="fy-card-number-error" className="fy-field-error">
            {error}
          </span>
        )}
      </div>
      <p className="fy-muted">{localCardTexts.hint}</p>
      {challenge && (
        <Suspense fallback={null}>
          <LocalChallenge clientSecret={intent.client_secret} onAnswer={challenge.answer} busy={answering} />
        </Suspense>
      )}
    </div>
  )
}
