import type { TwoFactorSetup as Setup } from '@funnelry/shared'
import { Alert, Button, LinearProgress, Stack, Typography } from '@mui/material'
import { useState } from 'react'
import { detailMessage } from '../../../lib/api-error'
import { useFocusOnMount } from '../../../lib/use-focus-on-mount'
import { useSetUpTwoFactor, useTwoFactorStatus } from '../api/two-factor'
import { RecoveryCodes } from './recovery-codes'
import { TwoFactorDisableForm } from './two-factor-disable-form'
import { TwoFactorSetup } from './two-factor-setup'

/** Decision D33: off → set-up (QR code, key, code) → recovery codes shown once → on (turn off with password and code). */
export function TwoFactorSection() {
  const status = useTwoFactorStatus()
  const setUp = useSetUpTwoFactor()
  const [setup, setSetup] = useState<Setup | null>(null)
  const [codes, setCodes] = useState<string[] | null>(null)
  // Once the seller turned it on or off here, the message of the new state takes the focus the
  // button just pressed had (it is gone), rather than leaving it on the page's body.
  const [changedHere, setChangedHere] = useState(false)

  if (codes) {
    return (
      <RecoveryCodes
        codes={codes}
        onDone={() => {
          setCodes(null)
          setSetup(null)
          setChangedHere(true)
        }}
      />
    )
  }
  if (status.isPending) return <LinearProgress aria-label="Loading two-factor status" />
  if (status.isError) return <Alert severity="error">The two-factor status could not be loaded. Reload the page to try again.</Alert>
  if (status.data.enabled) {
    return (
      <Stack spacing={2}>
        <TwoFactorOnMessage focus={changedHere} />
        <TwoFactorDisableForm onDisabled={() => setChangedHere(true)} />
      </Stack>
    )
  }
  if (setup) return <TwoFactorSetup setup={setup} onEnabled={setCodes} />
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <TwoFactorOffMessage focus={changedHere} />
      {setUp.isError && <Alert severity="error">{detailMessage(setUp.error) ?? 'The set-up could not start. Please try again.'}</Alert>}
      <Button variant="contained" loading={setUp.isPending} onClick={() => setUp.mutate(undefined, { onSuccess: setSetup })}>
        Set up two-factor
      </Button>
    </Stack>
  )
}

function TwoFactorOnMessage({ focus }: { focus: boolean }) {
  const message = useFocusOnMount<HTMLDivElement>()
  return (
    <Alert ref={focus ? message : undefined} tabIndex={-1} severity="success">
      Two-factor log-in is on: log-ins ask for a code from your authenticator app.
    </Alert>
  )
}

function TwoFactorOffMessage({ focus }: { focus: boolean }) {
  const message = useFocusOnMount<HTMLParagraphElement>()
  return (
    <Typography ref={focus ? message : undefined} tabIndex={-1}>
      Two-factor log-in is off. Turn it on to ask for a code from your phone after the password.
    </Typography>
  )
}
