import { SectionQuery, SettingsSection, useStoreSettings } from '../../settings'
import { WebhookForm } from './webhook-form'

export function WebhookSection({ userId }: { userId: string }) {
  const query = useStoreSettings(userId)
  return (
    <SettingsSection
      title="CRM Webhook"
      description="Each new lead is sent to this address as JSON, with its email and full name under the key names you choose."
    >
      <SectionQuery query={query} what="webhook settings">
        {(settings) => <WebhookForm userId={userId} settings={settings} />}
      </SectionQuery>
    </SettingsSection>
  )
}
