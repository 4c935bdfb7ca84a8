import type { DomainSettings, DomainStatus } from '@funnelry/shared'
import { Alert, Box, Button, Stack, Typography } from '@mui/material'
import { CopyButton } from '../../../components/copy-button'
import { detailMessage, fieldErrors } from '../../../lib/api-error'
import { toast } from '../../../lib/toast'
import { useVerifyDomain } from '../api/verify-domain'

const strong = { fontWeight: 600, overflowWrap: 'anywhere', fontFamily: 'monospace' } as const

const stateTexts: Record<DomainStatus, { severity: 'info' | 'success' | 'error'; text: (domain: string) => string }> = {
  pending: { severity: 'info', text: (domain) => `Pending: add the TXT record below for ${domain}, then press Verify.` },
  verified: { severity: 'success', text: (domain) => `Verified: your offer pages are served on ${domain}.` },
  failed: { severity: 'error', text: (domain) => `Failed: ${domain} is not verified and serves no pages.` },
}

function RecordLine({ label, value }: { label: string; value: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography variant="body2" sx={{ minWidth: 48 }}>
        {label}
      </Typography>
      <Box component="code" sx={strong}>
        {value}
      </Box>
      <CopyButton text={value} label={`Copy TXT record ${label.toLowerCase()}`} size="small" />
    </Stack>
  )
}

/**
 * The proof of the saved domain (docs/decisions/0004): the TXT record to add, the domain's
 * state with the reason of a failed check, and the 'Verify' button that checks now.
 */
export function DomainProof({ userId, settings }: { userId: string; settings: DomainSettings }) {
  const verify = useVerifyDomain(userId)
  if (!settings.domain || !settings.txt_record || !settings.status) return null
  const state = stateTexts[settings.status]

  const onVerify = async () => {
    try {
      // The state above says what the check found; a toast says that it ran.
      const checked = await verify.mutateAsync()
      if (checked.status === 'verified') toast('The domain is verified.', 'success')
      else toast('The domain is not verified yet.', 'error')
    } catch (error) {
      toast(fieldErrors(error).domain ?? detailMessage(error) ?? 'The domain could not be checked. Try again.', 'error')
    }
  }

  return (
    <Stack spacing={1.5} aria-label="Ownership proof" role="group">
      <Alert severity={state.severity} role="status" aria-label="Verification state">
        {state.text(settings.domain)}
        {settings.status === 'failed' && settings.failure_reason ? ` ${settings.failure_reason}` : ''}
      </Alert>
      <Typography variant="body2">To prove the domain is yours, add this TXT record at your DNS provider:</Typography>
      <RecordLine label="Name" value={settings.txt_record.name} />
      <RecordLine label="Value" value={settings.txt_record.value} />
      <Box>
        <Button variant="outlined" onClick={() => void onVerify()} loading={verify.isPending}>
          {settings.status === 'verified' ? 'Check again' : 'Verify'}
        </Button>
      </Box>
    </Stack>
  )
}
