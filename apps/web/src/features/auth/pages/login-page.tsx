import { loginSchema, messages } from '@funnelry/shared'
import { zodResolver } from '@hookform/resolvers/zod'
import { Alert, Button, Checkbox, FormControlLabel, Stack } from '@mui/material'
import { Controller, useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { z } from 'zod'
import { FormTextField } from '../../../components/form-text-field'
import { paths } from '../../../config/paths'
import { detailMessage, isApiError, nonFieldError } from '../../../lib/api-error'
import { useLogIn } from '../api/log-in'
import { AuthLayout } from '../components/auth-layout'
import { PasswordField } from '../components/password-field'

const loginFormSchema = loginSchema.extend({ rememberMe: z.boolean() })
type LoginFormInput = z.input<typeof loginFormSchema>
type LoginFormValues = z.output<typeof loginFormSchema>

/** Spec section 8: the server's first non_field_errors message, else 'Invalid credentials'. */
function logInErrorMessage(error: unknown): string {
  const message = nonFieldError(error)
  if (message) return message
  // Rate limiting is not a wrong password: say what it is so the person waits instead of retyping.
  if (isApiError(error) && error.status === 429) return detailMessage(error) ?? messages.tooManyRequests
  return messages.invalidCredentials
}

export default function LoginPage() {
  const navigate = useNavigate()
  const logIn = useLogIn()
  const { control, handleSubmit, formState } = useForm<LoginFormInput, unknown, LoginFormValues>({
    resolver: zodResolver(loginFormSchema),
    mode: 'all',
    // Spec section 9: remember-me defaults to true.
    defaultValues: { email: '', password: '', rememberMe: true },
  })
  // Spec section 2: the error message clears whenever the email or password changes.
  const clearServerError = () => logIn.reset()

  const onSubmit = handleSubmit(async (values) => {
    try {
      await logIn.mutateAsync(values)
    } catch {
      return // shown from the mutation's error below
    }
    navigate(paths.dashboard.freeOffers.href(), { replace: true })
  })

  return (
    <AuthLayout title="Log In">
      <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit}>
        {logIn.isError && <Alert severity="error">{logInErrorMessage(logIn.error)}</Alert>}
        <FormTextField
          control={control}
          name="email"
          label="Email Address"
          type="email"
          autoComplete="email"
          onValueChange={clearServerError}
          fullWidth
        />
        <PasswordField
          control={control}
          name="password"
          label="Password"
          autoComplete="current-password"
          onValueChange={clearServerError}
          fullWidth
        />
        <Controller
          control={control}
          name="rememberMe"
          render={({ field }) => (
            <FormControlLabel
              label="Remember me"
              control={
                <Checkbox
                  name={field.name}
                  checked={field.value}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                  slotProps={{ input: { ref: field.ref } }}
                />
              }
            />
          )}
        />
        <Button type="submit" variant="contained" size="large" fullWidth loading={formState.isSubmitting}>
          Log In
        </Button>
      </Stack>
    </AuthLayout>
  )
}
