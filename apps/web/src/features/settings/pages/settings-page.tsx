import { Stack, Typography } from '@mui/material'
import { useAuth } from '../../../lib/auth-context'
import { CompanyDataSection } from '../components/company-data-section'
import { DomainSection } from '../components/domain-section'
import { PaymentAccountSection } from '../components/payment-account-section'
import { PixelsSection } from '../components/pixels-section'
import { WebhookDeliveriesSection } from '../components/webhook-deliveries-section'
import { WebhookSection } from '../components/webhook-section'

/** Settings (spec section 2): one card per concern, each loading and saving on its own. */
export default function SettingsPage() {
  const { user } = useAuth()
  // The private route renders this page only with a session, so the user is always there.
  if (!user) return null
  return (
    <Stack spacing={{ xs: 2, sm: 3 }} sx={{ maxWidth: 880, mx: 'auto' }}>
      <Typography variant="h2" component="h1">
        Settings
      </Typography>
      <DomainSection userId={user.user_id} />
      <PixelsSection />
      <WebhookSection userId={user.user_id} />
      <WebhookDeliveriesSection />
      <CompanyDataSection userId={user.user_id} />
      <PaymentAccountSection />
    </Stack>
  )
}
