import { normalizeDomain } from '@funnelry/shared'
import { Alert, Box } from '@mui/material'

const strong = { fontWeight: 600, overflowWrap: 'anywhere' } as const

/**
 * Decision D8: the A record to create, shown before saving so the domain works as soon as it is
 * saved. It follows what is typed, normalised as the server will store it.
 */
export function DnsInstruction({ typedDomain, dnsIp }: { typedDomain: string; dnsIp: string }) {
  const host = normalizeDomain(typedDomain)
  return (
    <Alert severity="info" role="note" aria-label="DNS record">
      Point an A record for{' '}
      <Box component="span" sx={strong}>
        {host ?? 'your domain'}
      </Box>{' '}
      to{' '}
      <Box component="span" sx={strong}>
        {dnsIp}
      </Box>{' '}
      at your DNS provider, then save. DNS changes can take a few hours to reach everyone.
    </Alert>
  )
}
