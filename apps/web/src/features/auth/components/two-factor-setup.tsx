import { type TwoFactorSetup as Setup, type TwoFactorEnableInput, twoFactorEnableSchema } from '@funnelry/shared'
import { zodResolver } from '@hookform/resolvers/zod'
import { Alert, Box, Button, Stack, Typography } from '@mui/material'
import { QRCodeSVG } from 'qrcode.react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { CopyButton } from '../../../components/copy-button'
import { FormTextField } from '../../../components/form-text-field'
import { applyServerErrors } from '../../../lib/form-errors'
import { useFocusOnMount } from '../../../lib/use-focus-on-mount'
import { useEnableTwoFactor } from '../api/two-factor'

/** Scan (or type the secret), then confirm with a code: two-factor is on only once the app has the secret. */
export function TwoFactorSetup({ setup, onEnabled }: { setup: Setup; onEnabled: (codes: string[]) => void }) {
  const enable = useEnableTwoFactor()
  const [formError, setFormError] = useState<string | null>(null)
  // The set-up button this view replaces had focus: its first step takes it.
  const firstStep = useFocusOnMount<HTMLParagraphElement>()
  const { control, handleSubmit, setError, formState } = useForm<TwoFactorEnableInput>({
    resolver: zodResolver(twoFactorEnableSchema),
    defaultValues: { code: '' },
  })
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null)
    try {
      onEnabled((await enable.mutateAsync(values)).recovery_codes)
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['code']))
    }
  })
  return (
    <Stack spacing={2}>
      <Typography ref={firstStep} tabIndex={-1}>
        1. Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy…).
      </Typography>
      <Box
        role="img"
        aria-label="QR code for your authenticator app"
        sx={{ bgcolor: 'common.white', p: 1.5, alignSelf: 'flex-start', lineHeight: 0 }}
      >
        <QRCodeSVG value={setup.otpauth_url} size={176} aria-hidden />
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2">Or type this key:</Typography>
        <Box component="code" data-testid="two-factor-secret" sx={{ fontSize: 15, wordBreak: 'break-all' }}>
          {setup.secret}
        </Box>
        <CopyButton text={setup.secret} label="Copy key" copiedMessage="Key copied." />
      </Stack>
      <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} sx={{ maxWidth: 320 }}>
        <Typography>2. Enter the 6-digit code the app shows.</Typography>
        {formError && <Alert severity="error">{formError}</Alert>}
        <FormTextField
          control={control}
          name="code"
          label="Code from the app"
          autoComplete="one-time-code"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          fullWidth
        />
        <Button type="submit" variant="contained" sx={{ alignSelf: 'flex-start' }} loading={formState.isSubmitting}>
          Turn on two-factor
        </Button>
      </Stack>
    </Stack>
  )
}
