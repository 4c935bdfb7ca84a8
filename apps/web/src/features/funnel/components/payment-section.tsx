import type { PaymentIntentResponse } from '@funnelry/shared'
import type { ReactNode, Ref } from 'react'
import { PaymentForm } from './payment/payment-form'
import { isPayable, type PaymentFormHandle } from './payment/payment-form-types'

type PaymentSectionProps = {
  intent: PaymentIntentResponse | null
  preview: boolean
  formRef: Ref<PaymentFormHandle>
  /** Why the last payment failed (the provider's words, else 'Payment failed.'); null when none did. */
  error?: string | null
  onCardChange?: () => void
}

/**
 * Where the provider's form goes, and under it why a payment failed: the message stays (and is
 * announced, role "alert") until the visitor changes the card. A preview has no intent, so it
 * shows where the form would be.
 */
export function PaymentSection({ intent, preview, formRef, error = null, onCardChange }: PaymentSectionProps) {
  let content: ReactNode = null
  if (preview) {
    content = <p className="fy-muted">The payment form appears here on the live page.</p>
  } else if (isPayable(intent)) {
    content = <PaymentForm intent={intent} ref={formRef} {...(onCardChange ? { onCardChange } : {})} />
  }
  return (
    <section aria-label="Payment" className="fy-card">
      <h2 className="fy-section-title">
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="rgba(0,0,0,.54)">
          <path d="M18 8h-1V6c0-2.76-2.24-5-5-5S7 3.24 7 6v2H6c-1.1 0-2 .9-2 2v10c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2V10c0-1.1-.9-2-2-2zM9 6c0-1.66 1.34-3 3-3s3 1.34 3 3v2H9V6zm9 14H6V10h12v10zm-6-3c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2z" />
        </svg>
        Payment details
      </h2>
      {content}
      {error && (
        <div role="alert" className="fy-alert">
          {error}
        </div>
      )}
    </section>
  )
}
