import { currencySymbol, formatMoney } from '@funnelry/shared'
import { Box, Stack, Typography } from '@mui/material'
import { visuallyHidden } from '../../../components/visually-hidden'

type OfferPriceProps = {
  currency: number
  price: string | null
  /** Shown struck through before the price (a BUMP's old price). */
  oldPrice?: string | null
}

/** Prices with the currency's symbol; an old price is struck through and named for screen readers. */
export function OfferPrice({ currency, price, oldPrice = null }: OfferPriceProps) {
  if (price === null && oldPrice === null) return null
  const symbol = currencySymbol(currency)
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
      {oldPrice !== null && (
        <Typography component="span" variant="body2" color="text.secondary">
          <Box component="span" sx={visuallyHidden}>
            Old price
          </Box>
          <del>{formatMoney(symbol, oldPrice)}</del>
        </Typography>
      )}
      {price !== null && (
        <Typography component="span" variant="h4" color="primary">
          {oldPrice !== null && (
            <Box component="span" sx={visuallyHidden}>
              New price
            </Box>
          )}
          <span>{formatMoney(symbol, price)}</span>
        </Typography>
      )}
    </Stack>
  )
}
