import type { OrderReceipt } from '@funnelry/shared'
import { useEffect, useState } from 'react'
import { getOrderReceipt, maxReceiptPolls, receiptPollMs } from '../api/get-order-receipt'

/**
 * The receipt of the order the thank-you page names, or null until there is one (an unknown or
 * expired reference stays null: asking again changes nothing). `version` reads it again (after the
 * one-click offers of D34 added charges). Stripe can confirm in the browser
 * before its event reaches the server, so a pending receipt is read again for a minute.
 */
export function useOrderReceipt(reference: string | null, version = 0): OrderReceipt | null {
  const [receipt, setReceipt] = useState<OrderReceipt | null>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new version reads the receipt again
  useEffect(() => {
    if (!reference) return
    const abort = new AbortController()
    let timer: ReturnType<typeof setTimeout> | undefined
    let reads = 0
    const read = async () => {
      reads += 1
      try {
        const next = await getOrderReceipt(reference, abort.signal)
        if (abort.signal.aborted) return
        setReceipt(next)
        if (next.status === 'pending' && reads <= maxReceiptPolls) timer = setTimeout(read, receiptPollMs)
      } catch {
        // No summary: the emails hold everything.
      }
    }
    void read()
    return () => {
      abort.abort()
      clearTimeout(timer)
    }
  }, [reference, version])
  return receipt
}
