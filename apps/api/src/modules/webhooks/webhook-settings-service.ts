import { messages, type StoreSettings, type StoreSettingsPatch, settingsMessages } from '@funnelry/shared'
import type { Database, Executor } from '../../db/client.js'
import { ValidationError } from '../../lib/errors.js'
import { checkPublicUrl } from '../../lib/net/public-address.js'
import { type CrmWebhookRow, type CrmWebhookValues, webhookSettingsRepository } from './webhook-settings-repository.js'
import { newWebhookSecret, shownSecret } from './webhook-signature.js'

type Deps = { db: Database; now: () => Date; allowPrivate: boolean }

/** The webhook's part of the Settings body (the store settings call carries it with the company links). */
export type WebhookSettings = Pick<StoreSettings, 'webhook_url' | 'webhook_keys' | 'webhook_secret'>
export type WebhookSettingsPatch = Pick<StoreSettingsPatch, 'webhook_url' | 'webhook_keys'>

const toWebhookSettings = (row: CrmWebhookRow, secret: string): WebhookSettings => ({
  webhook_url: row.url,
  webhook_keys: { email: row.emailKey, full_name: row.fullNameKey },
  webhook_secret: shownSecret(secret),
})

/** Only the fields the body carries: an absent field keeps its stored value. */
const changedValues = (patch: WebhookSettingsPatch): CrmWebhookValues => ({
  ...(patch.webhook_url === undefined ? {} : { url: patch.webhook_url }),
  ...(patch.webhook_keys === undefined ? {} : { emailKey: patch.webhook_keys.email, fullNameKey: patch.webhook_keys.full_name }),
})

/**
 * A webhook is usable only with its URL and both key names; the forms send them together, but a
 * body with only some of them must not leave a half-configured webhook behind.
 */
function incompleteWebhook(row: CrmWebhookRow, values: CrmWebhookValues): Record<string, string[]> {
  const merged = { ...row, ...values }
  const parts = { webhook_url: merged.url, 'webhook_keys.email': merged.emailKey, 'webhook_keys.full_name': merged.fullNameKey }
  if (Object.values(parts).every((value) => !value)) return {}
  return Object.fromEntries(Object.entries(parts).flatMap(([field, value]) => (value ? [] : [[field, [messages.required]]])))
}

/** The seller's CRM webhook settings: URL, payload key names and signing secret (spec section 5, decision D9). */
export function createWebhookSettingsService({ db, now, allowPrivate }: Deps) {
  /** The row, created with its signing secret on first use. */
  const load = async (executor: Executor, sellerId: string) => {
    const existing = await webhookSettingsRepository.find(executor, sellerId)
    if (existing?.secret) return { ...existing, secret: existing.secret }
    return webhookSettingsRepository.ensureSecret(executor, sellerId, newWebhookSecret())
  }

  return {
    async get(sellerId: string, executor: Executor = db): Promise<WebhookSettings> {
      const row = await load(executor, sellerId)
      return toWebhookSettings(row, row.secret)
    },

    /**
     * Checks the patch, then saves it through `executor`: the caller's transaction when the webhook
     * is saved with other settings. A refused patch throws before anything is written.
     */
    async update(sellerId: string, patch: WebhookSettingsPatch, executor: Executor = db): Promise<WebhookSettings> {
      if (patch.webhook_url && !allowPrivate && !checkPublicUrl(patch.webhook_url).ok) {
        throw ValidationError.field('webhook_url', settingsMessages.privateWebhook)
      }
      const row = await load(executor, sellerId)
      const values = changedValues(patch)
      const missing = incompleteWebhook(row, values)
      if (Object.keys(missing).length > 0) throw new ValidationError(missing)
      if (Object.keys(values).length === 0) return toWebhookSettings(row, row.secret)
      return toWebhookSettings(await webhookSettingsRepository.update(executor, sellerId, values, now()), row.secret)
    },

    /** Where and how to deliver: null when the seller has no complete webhook. */
    async webhookTarget(sellerId: string) {
      const row = await webhookSettingsRepository.find(db, sellerId)
      if (!row?.url || !row.emailKey || !row.fullNameKey) return null
      const { secret } = await load(db, sellerId)
      return { url: row.url, emailKey: row.emailKey, fullNameKey: row.fullNameKey, secret }
    },
  }
}
export type WebhookSettingsService = ReturnType<typeof createWebhookSettingsService>
