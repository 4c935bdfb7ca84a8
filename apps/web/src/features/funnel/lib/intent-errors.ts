import { messages } from '@funnelry/shared/messages'
import { detailMessage, fieldErrors, isApiError, paymentErrorMessage } from '../../../lib/api-error'

/**
 * The toast for a failed intent call: the response's string `error` (spec section 8), else what
 * the server said in its other shapes, else a general message. A payment was not attempted yet,
 * so 'Payment failed.' would mislead.
 */
export function intentErrorMessage(error: unknown): string {
  const fromServer = paymentErrorMessage(error) ?? Object.values(fieldErrors(error))[0] ?? detailMessage(error)
  if (fromServer) return fromServer
  if (isApiError(error) && error.status === 0) return error.message
  return messages.somethingWentWrong
}

export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404
}

/** The offer was deactivated after this page was opened: the server refuses its orders. */
export function isOfferUnavailable(error: unknown): boolean {
  return intentErrorMessage(error) === messages.offerNotAvailable
}
