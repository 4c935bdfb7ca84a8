import { WebhookSection } from '../../webhooks'
import { useStoreSettings } from '../api/get-store-settings'
import { useUpdateStoreSettings } from '../api/update-store-settings'

/**
 * The CRM webhook's card (features/webhooks) fed with this feature's store-settings fetchers: the
 * webhook is part of the store settings, and passing them in keeps features/webhooks from
 * importing features/settings (issue 14: no import cycle between features).
 */
export function StoreWebhookSection({ userId }: { userId: string }) {
  const query = useStoreSettings(userId)
  const update = useUpdateStoreSettings(userId)
  return <WebhookSection query={query} save={update.mutateAsync} />
}
