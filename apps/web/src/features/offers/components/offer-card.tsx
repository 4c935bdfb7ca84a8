import { Box, Card, CardActions, CardContent, Stack } from '@mui/material'
import type { ReactNode } from 'react'
import { CardImage } from '../../../components/card-image'
import { ClampedText } from '../../../components/clamped-text'

type OfferCardProps = {
  image: string | null
  headline: string | null
  description: string | null
  /** Prices or other lines under the description. */
  details?: ReactNode
  actions: ReactNode
  /** Kept together at the far end of the action row: a switch, then the "⋮" menu. */
  end?: ReactNode
  /**
   * Inactive offers are dimmed (spec section 2): a faded grey picture and a grey headline. The
   * text keeps the contrast it must have (WCAG AA), so the card is not faded as a whole.
   */
  dimmed?: boolean
}

/** What the three offer cards share: image, headline clamped to 2 lines, description to 3, actions at the bottom. */
export function OfferCard({ image, headline, description, details, actions, end, dimmed = false }: OfferCardProps) {
  return (
    <Card variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }}>
      <Stack sx={{ flexGrow: 1 }}>
        <Box sx={{ opacity: dimmed ? 0.5 : 1, filter: dimmed ? 'grayscale(1)' : 'none', transition: 'opacity 150ms' }}>
          <CardImage src={image} alt={headline ?? ''} />
        </Box>
        <CardContent sx={{ flexGrow: 1 }}>
          <Stack spacing={1}>
            {headline && (
              <ClampedText lines={2} variant="h5" component="h2" color={dimmed ? 'text.secondary' : 'text.primary'}>
                {headline}
              </ClampedText>
            )}
            {description && (
              <ClampedText lines={3} variant="body2" color="text.secondary">
                {description}
              </ClampedText>
            )}
            {details}
          </Stack>
        </CardContent>
      </Stack>
      {/* Gap rather than the default spacing, so wrapped actions line up and the end can sit at the far end.
          On a phone the buttons are at least 44 px high, a finger's width (issue 15). */}
      <CardActions
        disableSpacing
        sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 0.5, px: 2, pb: 2, '& .MuiButton-root': { minHeight: { xs: 44, sm: 30 } } }}
      >
        {actions}
        {end && (
          <Stack direction="row" sx={{ alignItems: 'center', ml: 'auto' }}>
            {end}
          </Stack>
        )}
      </CardActions>
    </Card>
  )
}
