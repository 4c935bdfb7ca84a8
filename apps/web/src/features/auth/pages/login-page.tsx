import { loginSchema, messages } from '@funnelry/shared'
import { zodResolver } from '@hookform/resolvers/zod'
import { Alert, Button, Checkbox, FormControlLabel, Link, Stack } from '@mui/material'
import { useState } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router'
import { z } from 'zod'
import { FormTextField } from '../../../components/form-text-field'
import { paths } from '../../../config/paths'
import { detailMessage, isApiError, nonFieldError } from '../../../lib/api-error'
import { nextParam, safeNextPath } from '../../../lib/next-path'
import { useLogIn } from '../api/log-in'
import { AuthLayout } from '../components/auth-layout'
import { PasswordField } from '../components/password-field'

const loginFormSchema = loginSchema.extend({ rememberMe: z.boolean() })
type LoginFormInput = z.input<typeof loginFormSchema>
type LoginFormValues = z.output<typeof loginFormSchema>

/** Decision D33: the password was right and two-factor is on. */
const asksForCode = (error: unknown) =>
  isApiError(error) && error.status === 401 && (error.data as { otp_required?: unknown } | null)?.otp_required === true

/** Spec section 8: the server's first non_field_errors message, else 'Invalid credentials'. */
function logInErrorMessage(error: unknown): string {
  const message = nonFieldError(error)
  if (message) return message
  if (asksForCode(error)) return detailMessage(error) ?? messages.invalidCredentials
  // Rate limiting is not a wrong password: say what it is so the person waits instead of retyping.
  if (isApiError(error) && error.status === 429) return detailMessage(error) ?? messages.tooManyRequests
  return messages.invalidCredentials
}

export default function LoginPage() {
  const navigate = useNavigate()
  // Right after sign-up the log-in starts with the email just used.
  const signedUpEmail = (useLocation().state as { email?: unknown } | null)?.email
  const [searchParams] = useSearchParams()
  const logIn = useLogIn()
  // Once the password was right and two-factor is on, the form asks for the code too.
  const [codeAsked, setCodeAsked] = useState(false)
  const { control, handleSubmit, formState } = useForm<LoginFormInput, unknown, LoginFormValues>({
    resolver: zodResolver(loginFormSchema),
    mode: 'all',
    // Spec section 9: remember-me defaults to true.
    defaultValues: { email: typeof signedUpEmail === 'string' ? signedUpEmail : '', password: '', otp: '', rememberMe: true },
  })
  const typedEmail = useWatch({ control, name: 'email' })
  // Spec section 2: the error message clears whenever the email or password changes.
  const clearServerError = () => logIn.reset()
  // The first 401 asking for the code is not an error: the code field appears and says what to type.
  const showError = logIn.isError && !(asksForCode(logIn.error) && !logIn.variables?.otp)

  const onSubmit = handleSubmit(async ({ otp, ...values }) => {
    try {
      await logIn.mutateAsync({ ...values, ...(codeAsked && otp ? { otp } : {}) })
    } catch (error) {
      if (asksForCode(error)) setCodeAsked(true)
      return // shown from the mutation's error below
    }
    // A deep link that led here (issue 22) is where the seller was going.
    navigate(safeNextPath(searchParams.get(nextParam)) ?? paths.dashboard.freeOffers.href(), { replace: true })
  })

  return (
    <AuthLayout title="Log In">
      <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit}>
        {showError && <Alert severity="error">{logInErrorMessage(logIn.error)}</Alert>}
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
        {codeAsked && (
          <FormTextField
            control={control}
            name="otp"
            label="Authentication Code"
            autoComplete="one-time-code"
            helperText="The 6-digit code from your authenticator app, or one of your recovery codes."
            slotProps={{ htmlInput: { inputMode: 'text', autoCapitalize: 'none', spellCheck: false } }}
            autoFocus
            fullWidth
          />
        )}
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
        <Link component={RouterLink} to={paths.forgotPassword.href(typedEmail || undefined)} sx={{ alignSelf: 'center' }}>
          Forgot password?
        </Link>
      </Stack>
    </AuthLayout>
  )
}
