import type { ConnectAccountResponse } from '@funnelry/shared'
import { zodResolver } from '@hookform/resolvers/zod'
import { Alert, Button, MenuItem, Stack } from '@mui/material'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { FormActions } from '../../../components/form-actions'
import { FormTextField } from '../../../components/form-text-field'
import { applyServerErrors } from '../../../lib/form-errors'
import { useGettingStarted } from '../../../lib/getting-started'
import { toast } from '../../../lib/toast'
import { useConnectAccount } from '../api/connect-account'
import { leaveApp } from '../lib/leave-app'
import { type PaymentQuestionValues, paymentAnswers, paymentQuestionSchema } from '../lib/payment-question'

/**
 * The payment-account question and the connect action (decisions D10, D14): the server stores
 * the answer and answers a message, shown as a toast, and the provider's onboarding link, which
 * the browser then opens. Used in Settings and again on the return page to continue onboarding.
 * The question starts from the answer the server holds (given at sign-up, or at the last connect).
 */
export function PaymentAccountForm({ submitLabel }: { submitLabel: string }) {
  const connect = useConnectAccount()
  const [leaving, setLeaving] = useState(false)
  const [formError, setFormError] = useState<string | null>(null)
  const stored = useGettingStarted().data?.has_stripe_account
  const { control, handleSubmit, setError, formState } = useForm<PaymentQuestionValues>({
    resolver: zodResolver(paymentQuestionSchema),
    mode: 'all',
    // Filled in when the server answers; an answer the seller already changed is kept.
    values: stored === undefined ? undefined : { has_stripe_account: stored ? 'Yes' : 'No' },
    resetOptions: { keepDirtyValues: true },
  })

  const onSubmit = handleSubmit(async ({ has_stripe_account: answer }) => {
    setFormError(null)
    let link: ConnectAccountResponse
    try {
      // Decision D14: true when Yes (onboarding links the existing account), false creates a new one.
      link = await connect.mutateAsync({ has_stripe_account: answer === 'Yes' })
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['has_stripe_account']))
      return
    }
    toast(link.message, 'success')
    // The button stays busy until the provider's page replaces this one.
    setLeaving(true)
    leaveApp(link.url)
  })

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={onSubmit}>
      {formError && <Alert severity="error">{formError}</Alert>}
      {/* The question is too long to sit inside the field on a phone, so its label always stays above it. */}
      <FormTextField
        control={control}
        name="has_stripe_account"
        label="Do you have a payment provider account?"
        select
        fullWidth
        sx={{ maxWidth: { sm: 360 } }}
        slotProps={{ inputLabel: { shrink: true } }}
      >
        {paymentAnswers.map((answer) => (
          <MenuItem key={answer} value={answer}>
            {answer}
          </MenuItem>
        ))}
      </FormTextField>
      <FormActions>
        <Button type="submit" variant="contained" loading={formState.isSubmitting || leaving}>
          {submitLabel}
        </Button>
      </FormActions>
    </Stack>
  )
}
