import type { StoreSettings } from '@funnelry/shared'
import type { UseQueryResult } from '@tanstack/react-query'
import { SectionQuery } from '../../../components/section-query'
import { SettingsSection } from '../../../components/settings-section'
import { type SaveWebhook, WebhookForm } from './webhook-form'

type WebhookSectionProps = {
  /** The store settings holding the webhook; the page showing this card owns their fetchers (issue 14). */
  query: UseQueryResult<StoreSettings>
  save: SaveWebhook
}

export function WebhookSection({ query, save }: WebhookSectionProps) {
  return (
    <SettingsSection
      title="CRM Webhook"
      description="Each new lead is sent to this address as JSON, with its email and full name under the key names you choose."
    >
      <SectionQuery query={query} what="webhook settings">
        {(settings) => <WebhookForm settings={settings} save={save} />}
      </SectionQuery>
    </SettingsSection>
  )
}
