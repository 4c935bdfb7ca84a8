import { formatMoney } from '@funnelry/shared/money-format'
import type { OrderSummary } from '../lib/order-total'

/** 'FREE' while nothing is chosen; then one line per bump and upsell and the total, two decimals. */
export function PriceBlock({ summary }: { summary: OrderSummary }) {
  if (summary.lines.length === 0) {
    return (
      <div className="fy-free">
        {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: a screen reader names the price */}
        <span aria-label="Price">FREE</span>
      </div>
    )
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled group of price lines, not a form fieldset
    <div aria-label="Price" role="group" className="fy-card">
      {summary.lines.map((line) => (
        <div key={line.key} className="fy-row">
          <span>{line.label}</span>
          <span>{formatMoney(summary.symbol, line.cents)}</span>
        </div>
      ))}
      <hr className="fy-hr" />
      <div className="fy-total">
        <span>Total</span>
        <span data-testid="order-total">{formatMoney(summary.symbol, summary.totalCents)}</span>
      </div>
    </div>
  )
}
