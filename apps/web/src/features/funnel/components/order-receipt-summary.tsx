import type { OrderReceipt, OrderReceiptItem } from '@funnelry/shared'
import { currencySymbol } from '@funnelry/shared/currency-table'
import { formatMoney } from '@funnelry/shared/money-format'

/** Decision D25: the link itself, so the visitor has it even when no email reaches them. */
function ItemDownload({ item }: { item: OrderReceiptItem }) {
  if (item.url) {
    return (
      <a className="fy-download" href={item.url} target="_blank" rel="noopener noreferrer" aria-label={`Download ${item.name}`}>
        Download
      </a>
    )
  }
  return <span className="fy-muted">Its download appears here once your payment is confirmed.</span>
}

/** What the visitor got on the thank-you page: each item with its price and download link, and the total. */
export function OrderReceiptSummary({ receipt }: { receipt: OrderReceipt }) {
  const symbol = currencySymbol(receipt.currency)
  return (
    <section aria-label="Your order" className="fy-receipt">
      <h2 className="fy-section-title">Your order</h2>
      <ul>
        {receipt.items.map((item) => (
          <li key={`${item.kind}-${item.id}`}>
            <div className="fy-row">
              <span>{item.name}</span>
              <span>
                {item.kind === 'free' ? 'FREE' : formatMoney(symbol, item.price)}
                {/* Decision D35: which item's money came back, as the refund email names it. */}
                {item.refunded && <span className="fy-muted"> · Refunded</span>}
              </span>
            </div>
            <ItemDownload item={item} />
          </li>
        ))}
      </ul>
      <hr className="fy-hr" />
      <div className="fy-total">
        <span>Total</span>
        <span data-testid="receipt-total">{formatMoney(symbol, receipt.total)}</span>
      </div>
      {/* Decision D35: the buyer's own page says what the seller gave back, as their refund email does. */}
      {receipt.refunded && (
        <div className="fy-row" data-testid="receipt-refunded">
          <span>Refunded</span>
          <span>−{formatMoney(symbol, receipt.refunded)}</span>
        </div>
      )}
      {receipt.status === 'pending' && (
        <p className="fy-muted" role="status">
          Your payment is being confirmed.
        </p>
      )}
    </section>
  )
}
