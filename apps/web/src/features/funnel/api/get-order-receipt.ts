import type { OrderReceipt } from '@funnelry/shared'
import { publicRequest } from '../lib/public-request'

/** How often, and how many times, a receipt still waiting for its payment's event is read again. */
export const receiptPollMs = 2000
export const maxReceiptPolls = 30

/** GET /order-receipts/{reference}/ — no auth: the random, short-lived reference is the key. */
export function getOrderReceipt(reference: string, signal?: AbortSignal): Promise<OrderReceipt> {
  return publicRequest('GET', `/order-receipts/${encodeURIComponent(reference)}/`, undefined, signal)
}
