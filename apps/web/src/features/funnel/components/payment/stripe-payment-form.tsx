import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js'
import { useImperativeHandle, useMemo } from 'react'
import { paths } from '../../../../config/paths'
import { loadStripeFor } from '../../lib/load-stripe'
import type { PaymentFormHandle, PaymentFormProps } from './payment-form-types'

function StripeFields({
  ref,
  orderReference,
  onCardChange,
}: Pick<PaymentFormProps, 'ref' | 'onCardChange'> & { orderReference: string | null }) {
  const stripe = useStripe()
  const elements = useElements()

  useImperativeHandle(
    ref,
    (): PaymentFormHandle => ({
      async confirm() {
        if (!stripe || !elements) return { status: 'incomplete' }
        const result = await stripe.confirmPayment({
          elements,
          redirect: 'if_required',
          // Only redirect-based methods (bank redirects) leave the page; they come back here.
          confirmParams: {
            return_url: new URL(paths.thankYouPurchase.href('oto-offer', orderReference ?? undefined), window.location.origin).href,
          },
        })
        if (result.error) {
          // The Payment Element shows validation problems next to its own fields.
          if (result.error.type === 'validation_error') return { status: 'incomplete' }
          return { status: 'failed', message: result.error.message }
        }
        const status = result.paymentIntent.status
        return status === 'succeeded' || status === 'processing' ? { status: 'succeeded' } : { status: 'failed' }
      },
      async refresh() {
        // The amount changed on the server (bump or upsell): the element re-reads the intent.
        await elements?.fetchUpdates()
      },
    }),
    [stripe, elements, orderReference],
  )

  return <PaymentElement options={{ layout: 'tabs' }} onChange={() => onCardChange?.()} />
}

/**
 * Stripe's Payment Element on the seller's connected account. This file is loaded on demand
 * (React.lazy), so neither Stripe.js nor its React bindings reach visitors who pay nothing.
 */
export default function StripePaymentForm({ intent, ref, onCardChange }: PaymentFormProps) {
  const publishableKey = intent.publishable_key
  const stripe = useMemo(
    () => (publishableKey ? loadStripeFor(publishableKey, intent.account_id) : null),
    [publishableKey, intent.account_id],
  )
  if (!stripe) {
    return (
      <div role="alert" className="fy-alert">
        The payment form could not be loaded.
      </div>
    )
  }
  return (
    // A new intent (new client secret) needs a new Elements group; an update keeps this one.
    <Elements key={intent.client_secret} stripe={stripe} options={{ clientSecret: intent.client_secret, appearance: { theme: 'stripe' } }}>
      <StripeFields ref={ref} orderReference={intent.order_reference} onCardChange={onCardChange} />
    </Elements>
  )
}
