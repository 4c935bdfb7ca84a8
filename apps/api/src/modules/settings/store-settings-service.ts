import type { StoreSettings, StoreSettingsPatch } from '@funnelry/shared'
import type { Database } from '../../db/client.js'
import type { WebhookSettings, WebhookSettingsService } from '../webhooks/webhooks-module.js'
import { type StoreSettingsRow, type StoreSettingsValues, storeSettingsRepository } from './settings-repository.js'

type Deps = { db: Database; now: () => Date; webhooks: Pick<WebhookSettingsService, 'get' | 'update'> }

const toStoreSettings = (webhook: WebhookSettings, links: StoreSettingsRow | undefined): StoreSettings => ({
  ...webhook,
  privacy_policy: links?.privacyPolicy ?? null,
  terms_and_conditions: links?.termsAndConditions ?? null,
  support_link: links?.supportLink ?? null,
})

/** Only the company links the body carries: an absent field keeps its stored value. */
const changedLinks = (patch: StoreSettingsPatch): StoreSettingsValues => ({
  ...(patch.privacy_policy === undefined ? {} : { privacyPolicy: patch.privacy_policy }),
  ...(patch.terms_and_conditions === undefined ? {} : { termsAndConditions: patch.terms_and_conditions }),
  ...(patch.support_link === undefined ? {} : { supportLink: patch.support_link }),
})

/**
 * The Settings page's store settings call (spec section 5, decisions D9): the company links, kept
 * here, and the CRM webhook, kept by the webhooks module, in one body.
 */
export function createStoreSettingsService({ db, now, webhooks }: Deps) {
  return {
    async get(sellerId: string): Promise<StoreSettings> {
      const [webhook, links] = await Promise.all([webhooks.get(sellerId), storeSettingsRepository.find(db, sellerId)])
      return toStoreSettings(webhook, links)
    },

    /**
     * One transaction: a webhook part the webhooks module refuses leaves the company links of the
     * same body unsaved too, as when both lived in one row.
     */
    update: (sellerId: string, patch: StoreSettingsPatch): Promise<StoreSettings> =>
      db.transaction(async (tx) => {
        const webhookPart = {
          ...(patch.webhook_url === undefined ? {} : { webhook_url: patch.webhook_url }),
          ...(patch.webhook_keys === undefined ? {} : { webhook_keys: patch.webhook_keys }),
        }
        const webhook = await webhooks.update(sellerId, webhookPart, tx)
        const values = changedLinks(patch)
        const links =
          Object.keys(values).length > 0
            ? await storeSettingsRepository.save(tx, sellerId, values, now())
            : await storeSettingsRepository.find(tx, sellerId)
        return toStoreSettings(webhook, links)
      }),
  }
}
export type StoreSettingsService = ReturnType<typeof createStoreSettingsService>
