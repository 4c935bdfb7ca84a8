import { Box, Typography } from '@mui/material'
import { visuallyHidden } from '../../../components/visually-hidden'

/**
 * Decision D36: the split-test variant a lead or an order's visitor saw ("Original" for the page
 * itself); a muted dash, named for screen readers, when the offer ran no test.
 */
export function VariantText({ variant }: { variant: { name: string } | null }) {
  if (variant) return <>{variant.name}</>
  return (
    <Typography component="span" variant="inherit" color="text.secondary">
      <span aria-hidden="true">—</span>
      <Box component="span" sx={visuallyHidden}>
        No split test
      </Box>
    </Typography>
  )
}
