import type { AttachedBumpOffer } from '@funnelry/shared'
import { currencySymbol } from '@funnelry/shared/currency-table'
import { formatMoney } from '@funnelry/shared/money-format'
import { FunnelImage } from './funnel-image'

type BumpCardProps = { bump: AttachedBumpOffer; checked: boolean; onChange: (checked: boolean) => void; disabled?: boolean }

/** The order bump: a dashed "add this too" card, the classic look visitors recognise. */
export function BumpCard({ bump, checked, onChange, disabled = false }: BumpCardProps) {
  const symbol = currencySymbol(bump.currency)
  return (
    <section aria-label="Add to order" className={checked ? 'fy-bump fy-checked' : 'fy-bump'}>
      <label className="fy-bump-head">
        <input type="checkbox" checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />
        Add to order
      </label>
      <div className="fy-bump-body">
        {bump.asset_image && <FunnelImage src={bump.asset_image} alt="" className="fy-bump-image" width={88} height={88} sizes="88px" />}
        <div>
          {bump.headline && <h2 className="fy-bump-title">{bump.headline}</h2>}
          {bump.description && <p className="fy-bump-text">{bump.description}</p>}
          <div className="fy-prices">
            {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: a screen reader names each price */}
            {bump.old_price && <s aria-label="Old price">{formatMoney(symbol, bump.old_price)}</s>}
            {bump.new_price && (
              // biome-ignore lint/a11y/useAriaPropsSupportedByRole: a screen reader names each price
              <span aria-label="New price" className="fy-new-price">
                {formatMoney(symbol, bump.new_price)}
              </span>
            )}
          </div>
        </div>
      </div>
    </section>
  )
}
