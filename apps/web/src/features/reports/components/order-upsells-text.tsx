import type { Order } from '@funnelry/shared'
import { Stack, Typography } from '@mui/material'
import { OfferRefText } from './offer-ref-text'

/**
 * The Orders list's Upsell cell: the OTO taken before the payment and each one-click offer
 * accepted after it (decision D34: the order's `post_purchase` lines), one a line; "None" when neither.
 */
export function OrderUpsellsText({ order }: { order: Pick<Order, 'upsell_offer' | 'lines'> }) {
  const afterPurchase = order.lines.filter((line) => line.kind === 'post_purchase')
  if (afterPurchase.length === 0) return <OfferRefText offer={order.upsell_offer} />
  return (
    <Stack component="span">
      {order.upsell_offer && <span>{order.upsell_offer.headline}</span>}
      {afterPurchase.map((line) => (
        <span key={line.id}>
          {line.headline}
          <Typography component="span" variant="inherit" color="text.secondary">
            {' '}
            (after purchase)
          </Typography>
        </span>
      ))}
    </Stack>
  )
}
