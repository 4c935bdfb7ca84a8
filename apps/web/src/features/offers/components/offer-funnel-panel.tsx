import { Button, Paper, Stack, Typography } from '@mui/material'
import { Link as RouterLink } from 'react-router'
import type { Attached } from '../../../components/funnel-chart'
import { paths } from '../../../config/paths'
import { OfferFunnelNumbers } from './offer-funnel-numbers'

/** The edit page's view of how the offer performs, with the people behind the numbers one click away. */
export function OfferFunnelPanel({ offerId, attached }: { offerId: string; attached: Attached }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mt: 3, maxWidth: 880 }}>
      <Stack spacing={2}>
        <Typography variant="h4" component="h2">
          Funnel numbers
        </Typography>
        <OfferFunnelNumbers offerId={offerId} attached={attached} />
        <Stack direction="row" spacing={1}>
          <Button component={RouterLink} to={paths.dashboard.leads.href({ free_offer: offerId })}>
            See leads
          </Button>
          <Button component={RouterLink} to={paths.dashboard.orders.href({ free_offer: offerId })}>
            See orders
          </Button>
        </Stack>
      </Stack>
    </Paper>
  )
}
