import { type NewPasswordFormValues, newPasswordFormSchema, passwordRule } from '@funnelry/shared'
import { zodResolver } from '@hookform/resolvers/zod'
import { Alert, Button, Link, Stack } from '@mui/material'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router'
import { paths } from '../../../config/paths'
import { fieldErrors } from '../../../lib/api-error'
import { applyServerErrors } from '../../../lib/form-errors'
import { toast } from '../../../lib/toast'
import { useConfirmPasswordReset } from '../api/confirm-password-reset'
import { AuthLayout } from '../components/auth-layout'
import { PasswordField } from '../components/password-field'

const formFields = ['password', 'confirmed_password'] as const
const incompleteLink = 'This reset link is not complete. Ask for a new one.'

/** The reset email's link (decision D32): a new password, then log in with it. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const navigate = useNavigate()
  const confirm = useConfirmPasswordReset()
  // A used, expired or unknown link: said plainly, with the way to a new one instead of the form.
  const [linkProblem, setLinkProblem] = useState<string | null>(token ? null : incompleteLink)
  const [formError, setFormError] = useState<string | null>(null)
  const { control, handleSubmit, setError, formState, getValues, trigger } = useForm<NewPasswordFormValues>({
    resolver: zodResolver(newPasswordFormSchema),
    mode: 'all',
    defaultValues: { password: '', confirmed_password: '' },
  })
  const recheckConfirmation = () => {
    if (getValues('confirmed_password')) void trigger('confirmed_password')
  }

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null)
    try {
      await confirm.mutateAsync({ ...values, token })
    } catch (error) {
      const tokenProblem = fieldErrors(error).token
      if (tokenProblem) setLinkProblem(tokenProblem)
      else setFormError(applyServerErrors(error, setError, formFields))
      return
    }
    toast('Your password was changed. Log in with the new one.', 'success')
    navigate(paths.login.href(), { replace: true })
  })

  if (linkProblem) {
    return (
      <AuthLayout title="Choose a new password">
        <Stack spacing={2.5}>
          <Alert severity="error">{linkProblem}</Alert>
          <Button component={RouterLink} to={paths.forgotPassword.href()} variant="contained" size="large" fullWidth>
            Send me a new link
          </Button>
          <Link component={RouterLink} to={paths.login.href()} sx={{ alignSelf: 'center' }}>
            Back to log in
          </Link>
        </Stack>
      </AuthLayout>
    )
  }

  return (
    <AuthLayout title="Choose a new password">
      <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit}>
        {formError && <Alert severity="error">{formError}</Alert>}
        <PasswordField
          control={control}
          name="password"
          label="New Password"
          autoComplete="new-password"
          helperText={passwordRule}
          onValueChange={recheckConfirmation}
          fullWidth
        />
        <PasswordField control={control} name="confirmed_password" label="Password Confirmation" autoComplete="new-password" fullWidth />
        <Button type="submit" variant="contained" size="large" fullWidth loading={formState.isSubmitting}>
          Save new password
        </Button>
      </Stack>
    </AuthLayout>
  )
}
