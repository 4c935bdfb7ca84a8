import { type AttachedUpsellOffer, currencySymbol, formatMoney } from '@funnelry/shared'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useEffect, useRef } from 'react'
import { UpsellVideo } from './upsell-video'

export const upsellTexts = {
  banner: 'Wait! Your Order Is Not Yet Complete',
  skip: 'Skip and continue with My order!',
} as const

type UpsellViewProps = { upsell: AttachedUpsellOffer; onAccept: () => void; onSkip: () => void; busy?: boolean }

/** The one-time offer shown once before payment (spec section 2, "Upsell view"). */
export function UpsellView({ upsell, onAccept, onSkip, busy = false }: UpsellViewProps) {
  // The view replaces the one whose button had focus: move focus to its banner, so keyboard and
  // screen-reader users land on (and hear) the new view instead of the page body.
  const banner = useRef<HTMLHeadingElement>(null)
  useEffect(() => banner.current?.focus(), [])
  return (
    <Stack spacing={2.5} component="section" aria-label="Upsell offer">
      <Box sx={{ bgcolor: 'error.main', color: 'error.contrastText', borderRadius: 3, px: 2, py: 1.5, textAlign: 'center', boxShadow: 2 }}>
        <Typography ref={banner} component="h2" tabIndex={-1} sx={{ fontSize: 20, fontWeight: 800, lineHeight: 1.3, outline: 'none' }}>
          {upsellTexts.banner}
        </Typography>
      </Box>
      {upsell.video_url && <UpsellVideo url={upsell.video_url} title={upsell.headline} />}
      <Typography variant="h2" sx={{ fontSize: { xs: 24, sm: 28 }, fontWeight: 800, textAlign: 'center', lineHeight: 1.25 }}>
        {upsell.headline}
      </Typography>
      {upsell.asset_image && (
        <Box
          component="img"
          src={upsell.asset_image}
          alt=""
          sx={{ width: '100%', maxHeight: 380, objectFit: 'cover', borderRadius: 3, boxShadow: 2 }}
        />
      )}
      {upsell.description && (
        <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line', lineHeight: 1.6 }}>
          {upsell.description}
        </Typography>
      )}
      <Typography aria-label="Upsell price" sx={{ textAlign: 'center', fontSize: 32, fontWeight: 800, color: 'primary.main' }}>
        {formatMoney(currencySymbol(upsell.currency), upsell.product_price)}
      </Typography>
      <Button
        variant="contained"
        color="success"
        size="large"
        fullWidth
        onClick={onAccept}
        loading={busy}
        sx={{ py: 1.75, fontSize: 20, fontWeight: 700, borderRadius: 3, boxShadow: 4, lineHeight: 1.3 }}
      >
        {upsell.opt_in_button}
      </Button>
      <Box sx={{ textAlign: 'center', pb: 1 }}>
        <Link component="button" type="button" onClick={onSkip} disabled={busy} color="text.secondary" variant="body2" underline="always">
          {upsellTexts.skip}
        </Link>
      </Box>
    </Stack>
  )
}
