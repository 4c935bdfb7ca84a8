import { SettingsSection } from '../../../components/settings-section'
import { PaymentAccountForm } from './payment-account-form'
import { PaymentAccountStatus } from './payment-account-status'

export function PaymentAccountSection() {
  return (
    <SettingsSection title="Payment Account" description="Connect the card payment provider account that receives your offers' payments.">
      <PaymentAccountStatus />
      <PaymentAccountForm submitLabel="Connect Payment Account" />
    </SettingsSection>
  )
}
