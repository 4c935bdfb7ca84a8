import type { PaymentIntentResponse } from '@funnelry/shared'
import LockOutlined from '@mui/icons-material/LockOutlined'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ReactNode, Ref } from 'react'
import { PaymentForm } from './payment/payment-form'
import { isPayable, type PaymentFormHandle } from './payment/payment-form-types'

type PaymentSectionProps = {
  intent: PaymentIntentResponse | null
  preview: boolean
  formRef: Ref<PaymentFormHandle>
  /** Why the last payment failed (the provider's words, else 'Payment failed.'); null when none did. */
  error?: string | null
  onCardChange?: () => void
}

/**
 * Where the provider's form goes, and under it why a payment failed: the message stays (and is
 * announced, role "alert") until the visitor changes the card. A preview has no intent, so it
 * shows where the form would be.
 */
export function PaymentSection({ intent, preview, formRef, error = null, onCardChange }: PaymentSectionProps) {
  let content: ReactNode = null
  if (preview) {
    content = (
      <Typography variant="body2" color="text.secondary">
        The payment form appears here on the live page.
      </Typography>
    )
  } else if (isPayable(intent)) {
    content = <PaymentForm intent={intent} ref={formRef} {...(onCardChange ? { onCardChange } : {})} />
  }
  return (
    <Box
      component="section"
      aria-label="Payment"
      sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 3, p: 2 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
        <LockOutlined fontSize="small" color="action" />
        <Typography component="h2" sx={{ fontSize: 16, fontWeight: 700 }}>
          Payment details
        </Typography>
      </Stack>
      {content}
      {error && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {error}
        </Alert>
      )}
    </Box>
  )
}
