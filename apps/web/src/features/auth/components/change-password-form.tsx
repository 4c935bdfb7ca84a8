import { type PasswordChangeInput, passwordChangeSchema, passwordRule } from '@funnelry/shared'
import { zodResolver } from '@hookform/resolvers/zod'
import { Alert, Button, Stack } from '@mui/material'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { applyServerErrors } from '../../../lib/form-errors'
import { toast } from '../../../lib/toast'
import { useChangePassword } from '../api/change-password'
import { PasswordField } from './password-field'

const formFields = ['current_password', 'password', 'confirmed_password'] as const
const empty: PasswordChangeInput = { current_password: '', password: '', confirmed_password: '' }

/** Decision D32: the current password proves it is the owner; the other log-ins end. */
export function ChangePasswordForm() {
  const change = useChangePassword()
  const [formError, setFormError] = useState<string | null>(null)
  const { control, handleSubmit, setError, formState, getValues, trigger, reset } = useForm<PasswordChangeInput>({
    resolver: zodResolver(passwordChangeSchema),
    mode: 'onTouched',
    defaultValues: empty,
  })
  const recheckConfirmation = () => {
    if (getValues('confirmed_password')) void trigger('confirmed_password')
  }
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null)
    try {
      await change.mutateAsync(values)
    } catch (error) {
      setFormError(applyServerErrors(error, setError, formFields))
      return
    }
    reset(empty)
    toast('Your password was changed. Your other log-ins were ended.', 'success')
  })

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit} sx={{ maxWidth: 480 }}>
      {formError && <Alert severity="error">{formError}</Alert>}
      <PasswordField control={control} name="current_password" label="Current Password" autoComplete="current-password" fullWidth />
      <PasswordField
        control={control}
        name="password"
        label="New Password"
        autoComplete="new-password"
        helperText={passwordRule}
        onValueChange={recheckConfirmation}
        fullWidth
      />
      <PasswordField control={control} name="confirmed_password" label="New Password Confirmation" autoComplete="new-password" fullWidth />
      <Button type="submit" variant="contained" sx={{ alignSelf: 'flex-start' }} loading={formState.isSubmitting}>
        Change password
      </Button>
    </Stack>
  )
}
