import { useState } from 'react'
import { SectionQuery } from '../../../components/section-query'
import { SettingsSection } from '../../../components/settings-section'
import { useWebhookDeliveries } from '../api/get-webhook-deliveries'
import { WebhookDeliveryList } from './webhook-delivery-list'

/** The CRM webhook's delivery log: what was sent, how the receiver answered, and 'Retry' for failures. */
export function WebhookDeliveriesSection() {
  const [page, setPage] = useState(1)
  const query = useWebhookDeliveries(page)
  return (
    <SettingsSection
      title="CRM Webhook Deliveries"
      description="Each lead, order and test sent to your CRM webhook, newest first, with how its latest attempt went. Failed deliveries can be sent again."
    >
      <SectionQuery query={query} what="webhook deliveries">
        {(list) => <WebhookDeliveryList list={list} page={page} onPageChange={setPage} busy={query.isPlaceholderData} />}
      </SectionQuery>
    </SettingsSection>
  )
}
