import { type PasswordResetRequestInput, passwordResetRequestSchema } from '@funnelry/shared'
import { zodResolver } from '@hookform/resolvers/zod'
import { Alert, Button, Link, Stack } from '@mui/material'
import { useForm } from 'react-hook-form'
import { Link as RouterLink, useSearchParams } from 'react-router'
import { FormTextField } from '../../../components/form-text-field'
import { paths } from '../../../config/paths'
import { detailMessage } from '../../../lib/api-error'
import { useRequestPasswordReset } from '../api/request-password-reset'
import { AuthLayout } from '../components/auth-layout'

/** Decision D32: "Forgot password?" — the answer never tells whether the email has an account. */
export default function ForgotPasswordPage() {
  const [params] = useSearchParams()
  const request = useRequestPasswordReset()
  const { control, handleSubmit, formState } = useForm<PasswordResetRequestInput>({
    resolver: zodResolver(passwordResetRequestSchema),
    mode: 'onTouched',
    defaultValues: { email: params.get('email') ?? '' },
  })
  const onSubmit = handleSubmit(async (values) => {
    await request.mutateAsync(values).catch(() => undefined)
  })

  return (
    <AuthLayout title="Reset your password">
      {request.isSuccess ? (
        <Stack spacing={2.5}>
          <Alert severity="success">{request.data.detail} Check your inbox, and the spam folder too.</Alert>
          <Link component={RouterLink} to={paths.login.href()} sx={{ alignSelf: 'center' }}>
            Back to log in
          </Link>
        </Stack>
      ) : (
        <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit}>
          <p style={{ margin: 0 }}>Enter the email address of your account. We will send you a link to choose a new password.</p>
          {request.isError && <Alert severity="error">{detailMessage(request.error) ?? 'The request failed. Please try again.'}</Alert>}
          <FormTextField control={control} name="email" label="Email Address" type="email" autoComplete="email" fullWidth />
          <Button type="submit" variant="contained" size="large" fullWidth loading={formState.isSubmitting}>
            Send reset link
          </Button>
          <Link component={RouterLink} to={paths.login.href()} sx={{ alignSelf: 'center' }}>
            Back to log in
          </Link>
        </Stack>
      )}
    </AuthLayout>
  )
}
