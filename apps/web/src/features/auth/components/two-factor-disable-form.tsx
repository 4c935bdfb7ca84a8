import { type TwoFactorDisableInput, twoFactorDisableSchema } from '@funnelry/shared'
import { zodResolver } from '@hookform/resolvers/zod'
import { Alert, Button, Stack } from '@mui/material'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { FormTextField } from '../../../components/form-text-field'
import { applyServerErrors } from '../../../lib/form-errors'
import { toast } from '../../../lib/toast'
import { useDisableTwoFactor } from '../api/two-factor'
import { PasswordField } from './password-field'

/** Turning two-factor off needs the password and a code: a session left open is not enough. */
export function TwoFactorDisableForm({ onDisabled }: { onDisabled: () => void }) {
  const disable = useDisableTwoFactor()
  const [formError, setFormError] = useState<string | null>(null)
  const { control, handleSubmit, setError, formState } = useForm<TwoFactorDisableInput>({
    resolver: zodResolver(twoFactorDisableSchema),
    defaultValues: { password: '', code: '' },
  })
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null)
    try {
      await disable.mutateAsync(values)
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['password', 'code']))
      return
    }
    toast('Two-factor log-in is off.', 'success')
    onDisabled()
  })
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} sx={{ maxWidth: 480 }}>
      {formError && <Alert severity="error">{formError}</Alert>}
      <PasswordField control={control} name="password" label="Password" autoComplete="current-password" fullWidth />
      <FormTextField control={control} name="code" label="Code from the app, or a recovery code" autoComplete="one-time-code" fullWidth />
      <Button type="submit" variant="outlined" color="error" sx={{ alignSelf: 'flex-start' }} loading={formState.isSubmitting}>
        Turn off two-factor
      </Button>
    </Stack>
  )
}
