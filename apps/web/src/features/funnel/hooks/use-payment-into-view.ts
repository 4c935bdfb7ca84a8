import { type RefObject, useEffect, useRef } from 'react'

/**
 * Issue 22, point 5: when the card form appears (after the upsell, or a reload at it), it is
 * scrolled into view, so a phone shows the card fields and Pay instead of the top of the page.
 */
export function usePaymentIntoView(paymentVisible: boolean, form: RefObject<HTMLFormElement | null>) {
  const wasVisible = useRef(paymentVisible)
  useEffect(() => {
    if (paymentVisible && !wasVisible.current) {
      form.current?.querySelector('section[aria-label="Payment"]')?.scrollIntoView?.({ block: 'start' })
    }
    wasVisible.current = paymentVisible
  }, [paymentVisible, form])
}
