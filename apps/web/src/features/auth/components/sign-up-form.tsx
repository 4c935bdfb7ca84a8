import { messages, passwordRule, type SignUpFormValues, signUpFormSchema } from '@funnelry/shared'
import { zodResolver } from '@hookform/resolvers/zod'
import { Alert, Box, Button, Link, Stack } from '@mui/material'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link as RouterLink, useNavigate } from 'react-router'
import type { z } from 'zod'
import { FormTextField } from '../../../components/form-text-field'
import { paths } from '../../../config/paths'
import { applyServerErrors } from '../../../lib/form-errors'
import { toast } from '../../../lib/toast'
import { useBusinessIndustries } from '../api/get-business-industries'
import { useStaffMembers } from '../api/get-staff-members'
import { useSignUp } from '../api/sign-up'
import { FormSelectField } from './form-select-field'
import { PasswordField } from './password-field'

const formFields = Object.keys(signUpFormSchema.shape)
const yesNo = ['Yes', 'No'] as const
const optionsFailed = 'The options could not be loaded. Reload the page to try again.'

type SignUpFormProps = {
  /** From the invitation link; shown read-only. */
  email: string
  token: string
  /** While the invitation is checked, or when it is not valid. */
  disabled: boolean
}

export function SignUpForm({ email, token, disabled }: SignUpFormProps) {
  const navigate = useNavigate()
  const signUp = useSignUp()
  const industries = useBusinessIndustries()
  const staffMembers = useStaffMembers()
  const [formError, setFormError] = useState<string | null>(null)
  const { control, handleSubmit, setError, formState, getValues, trigger } = useForm<
    z.input<typeof signUpFormSchema>,
    unknown,
    SignUpFormValues
  >({
    resolver: zodResolver(signUpFormSchema),
    mode: 'all',
    defaultValues: {
      full_name: '',
      email,
      business_name: '',
      website: '',
      business_industry: '',
      staff_members: '',
      password: '',
      confirmed_password: '',
    },
  })

  // A confirmation typed before the password changed must be checked again, but an empty one is not nagged about.
  const recheckConfirmation = () => {
    if (getValues('confirmed_password')) void trigger('confirmed_password')
  }

  const onSubmit = handleSubmit(async ({ has_stripe_account, ...values }) => {
    setFormError(null)
    try {
      // Spec section 3: has_stripe_account is true when Yes; decision D15: the invitation token goes along.
      await signUp.mutateAsync({ ...values, has_stripe_account: has_stripe_account === 'Yes', token })
    } catch (error) {
      setFormError(applyServerErrors(error, setError, formFields))
      return
    }
    toast(messages.registered, 'success')
    // The log-in form starts with the email just signed up with.
    navigate(paths.login.href(), { state: { email: values.email } })
  })

  const field = { control, disabled, fullWidth: true }
  return (
    <Stack component="form" noValidate spacing={3} onSubmit={onSubmit}>
      {formError && <Alert severity="error">{formError}</Alert>}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.5 }}>
        <FormTextField {...field} name="full_name" label="Full Name" autoComplete="name" />
        <FormTextField {...field} name="email" label="Email Address" type="email" slotProps={{ htmlInput: { readOnly: true } }} />
        <FormTextField {...field} name="business_name" label="Business Name" autoComplete="organization" />
        <FormTextField {...field} name="website" label="Website" type="url" autoComplete="url" placeholder="yourshop.com" />
        <FormSelectField
          {...field}
          name="business_industry"
          label="Business Industry"
          options={industries.data ?? []}
          helperText={industries.isError ? optionsFailed : undefined}
        />
        <FormSelectField
          {...field}
          name="staff_members"
          label="Staff Members"
          options={staffMembers.data ?? []}
          helperText={staffMembers.isError ? optionsFailed : undefined}
        />
        <Box sx={{ gridColumn: '1 / -1' }}>
          {/* The question is too long to sit inside the field on a phone, so it always stays above it. */}
          <FormSelectField
            {...field}
            name="has_stripe_account"
            label="Do you have a payment provider account?"
            options={yesNo}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Box>
        <PasswordField
          {...field}
          name="password"
          label="Password"
          autoComplete="new-password"
          // The rule is known before the first try, not learned from a failed submit.
          helperText={passwordRule}
          onValueChange={recheckConfirmation}
        />
        <PasswordField {...field} name="confirmed_password" label="Password Confirmation" autoComplete="new-password" />
      </Box>
      <Button type="submit" variant="contained" size="large" fullWidth disabled={disabled} loading={formState.isSubmitting}>
        Sign Up
      </Button>
      <Link component={RouterLink} to={paths.login.href()} sx={{ alignSelf: 'center' }}>
        Already have an account? Log In
      </Link>
    </Stack>
  )
}
