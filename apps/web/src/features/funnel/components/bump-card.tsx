import { type AttachedBumpOffer, currencySymbol, formatMoney, imageSrcSet } from '@funnelry/shared'
import Box from '@mui/material/Box'
import Checkbox from '@mui/material/Checkbox'
import FormControlLabel from '@mui/material/FormControlLabel'
import Typography from '@mui/material/Typography'

type BumpCardProps = { bump: AttachedBumpOffer; checked: boolean; onChange: (checked: boolean) => void; disabled?: boolean }

/** The order bump: a dashed "add this too" card, the classic look visitors recognise. */
export function BumpCard({ bump, checked, onChange, disabled = false }: BumpCardProps) {
  const symbol = currencySymbol(bump.currency)
  return (
    <Box
      component="section"
      aria-label="Add to order"
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: checked ? 'success.main' : 'warning.main',
        borderRadius: 3,
        overflow: 'hidden',
        bgcolor: 'background.paper',
        transition: 'border-color 200ms',
      }}
    >
      <Box sx={{ bgcolor: checked ? 'success.light' : '#fff4d6', px: 1.5, py: 0.5, transition: 'background-color 200ms' }}>
        <FormControlLabel
          label="Add to order"
          disabled={disabled}
          control={<Checkbox checked={checked} onChange={(event) => onChange(event.target.checked)} />}
          slotProps={{ typography: { sx: { fontWeight: 800, fontSize: 16 } } }}
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 1.5, p: 1.5 }}>
        {bump.asset_image && (
          <Box
            component="img"
            src={bump.asset_image}
            srcSet={imageSrcSet(bump.asset_image) ?? undefined}
            sizes="88px"
            width={88}
            height={88}
            alt=""
            loading="lazy"
            sx={{ width: 88, height: 88, flexShrink: 0, objectFit: 'cover', borderRadius: 2 }}
          />
        )}
        <Box sx={{ minWidth: 0 }}>
          {bump.headline && (
            <Typography component="h2" sx={{ fontSize: 16, fontWeight: 700, lineHeight: 1.3 }}>
              {bump.headline}
            </Typography>
          )}
          {bump.description && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, whiteSpace: 'pre-line' }}>
              {bump.description}
            </Typography>
          )}
          <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, mt: 1 }}>
            {bump.old_price && (
              <Typography component="s" aria-label="Old price" variant="body2" color="text.secondary">
                {formatMoney(symbol, bump.old_price)}
              </Typography>
            )}
            {bump.new_price && (
              <Typography component="span" aria-label="New price" sx={{ fontWeight: 800, color: 'error.main', fontSize: 20 }}>
                {formatMoney(symbol, bump.new_price)}
              </Typography>
            )}
          </Box>
        </Box>
      </Box>
    </Box>
  )
}
