import { lazy, Suspense } from 'react'
import { LocalCardForm } from './local-card-form'
import type { PaymentFormProps } from './payment-form-types'

const StripePaymentForm = lazy(() => import('./stripe-payment-form'))

/** Mounts the form of the provider that answered the intent call, behind one handle. */
export function PaymentForm(props: PaymentFormProps) {
  if (props.intent.provider === 'local') return <LocalCardForm {...props} />
  return (
    <Suspense fallback={<p className="fy-muted">Loading the payment form…</p>}>
      <StripePaymentForm {...props} />
    </Suspense>
  )
}
