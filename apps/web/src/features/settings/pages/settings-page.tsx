import { Stack, Typography } from '@mui/material'
import { UnsavedChangesDialog } from '../../../components/unsaved-changes-dialog'
import { useAuth } from '../../../lib/auth-context'
import { UnsavedFormsContext, useUnsavedForms } from '../../../lib/unsaved-forms'
import { useUnsavedChangesGuard } from '../../../lib/use-unsaved-changes-guard'
import { ConversionDeliveriesSection, ConversionsApiSection } from '../../conversions'
import { WebhookDeliveriesSection } from '../../webhooks'
import { useAccountStatus } from '../api/get-account-status'
import { CompanyDataSection } from '../components/company-data-section'
import { DomainSection } from '../components/domain-section'
import { PaymentAccountSection } from '../components/payment-account-section'
import { PixelsSection } from '../components/pixels-section'
import { StoreWebhookSection } from '../components/store-webhook-section'

function sectionsInOrder(connected: boolean, userId: string) {
  const payments = <PaymentAccountSection key="payment-account" />
  const rest = [
    <DomainSection key="domain" userId={userId} />,
    <PixelsSection key="pixels" />,
    <ConversionsApiSection key="conversions-api" />,
    <ConversionDeliveriesSection key="conversion-deliveries" />,
    <StoreWebhookSection key="webhook" userId={userId} />,
    <WebhookDeliveriesSection key="webhook-deliveries" />,
    <CompanyDataSection key="company-data" userId={userId} />,
  ]
  return connected ? [...rest, payments] : [payments, ...rest]
}

/** Settings (spec section 2): one card per concern, each loading and saving on its own. */
export default function SettingsPage() {
  const { user } = useAuth()
  // Until payments are connected nothing can be sold: that card comes first (issue 15).
  const connected = useAccountStatus().data?.connected === true
  // Each card saves on its own; leaving asks while any has changes not saved (issue 15).
  const unsaved = useUnsavedForms()
  const guard = useUnsavedChangesGuard(unsaved.anyDirty)
  // The private route renders this page only with a session, so the user is always there.
  if (!user) return null
  return (
    <UnsavedFormsContext.Provider value={unsaved.report}>
      <Stack spacing={{ xs: 2, sm: 3 }} sx={{ maxWidth: 880, mx: 'auto' }}>
        <Typography variant="h2" component="h1">
          Settings
        </Typography>
        {/* Keyed, so the payment card moves when the status arrives instead of being rebuilt. */}
        {sectionsInOrder(connected, user.user_id)}
      </Stack>
      <UnsavedChangesDialog guard={guard} text="Your changes in Settings will be lost." />
    </UnsavedFormsContext.Provider>
  )
}
