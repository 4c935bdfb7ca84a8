import type { Utm } from '@funnelry/shared'
import { Box, Stack, Typography } from '@mui/material'

/**
 * Decision D37: the campaign that brought a lead or an order, with its source under it; "Direct"
 * when the visitor came with no tagged link. A click id alone says which platform: "Facebook ad" or
 * "Google ad".
 */
export function CampaignText({ utm, inline = false }: { utm: Utm; inline?: boolean }) {
  const source = utm.utm_source ?? (utm.fbclid ? 'Facebook ad' : utm.gclid ? 'Google ad' : null)
  if (!utm.utm_campaign && !source)
    return (
      <Typography component="span" variant="inherit" color="text.secondary">
        Direct
      </Typography>
    )
  if (inline)
    return (
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {[utm.utm_campaign, source].filter(Boolean).join(' · ')}
      </Box>
    )
  return (
    <Stack component="span">
      <span>{utm.utm_campaign ?? '—'}</span>
      {source && (
        <Typography component="span" variant="inherit" color="text.secondary">
          {source}
        </Typography>
      )}
    </Stack>
  )
}
