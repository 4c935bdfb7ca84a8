import { randomBytes } from 'node:crypto'
import { messages, type StoreSettings, type StoreSettingsPatch, settingsMessages } from '@funnelry/shared'
import type { Database } from '../../db/client.js'
import { ValidationError } from '../../lib/errors.js'
import { checkPublicUrl } from '../../lib/net/public-address.js'
import { type StoreSettingsRow, type StoreSettingsValues, storeSettingsRepository } from './settings-repository.js'

type Deps = { db: Database; now: () => Date; allowPrivateWebhooks: boolean }

export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`

const toStoreSettings = (row: StoreSettingsRow, secret: string): StoreSettings => ({
  webhook_url: row.webhookUrl,
  webhook_keys: { email: row.webhookEmailKey, full_name: row.webhookFullNameKey },
  privacy_policy: row.privacyPolicy,
  terms_and_conditions: row.termsAndConditions,
  support_link: row.supportLink,
  webhook_secret: secret,
})

/** Only the fields the body carries: an absent field keeps its stored value. */
function changedValues(patch: StoreSettingsPatch): StoreSettingsValues {
  return {
    ...(patch.webhook_url === undefined ? {} : { webhookUrl: patch.webhook_url }),
    ...(patch.webhook_keys === undefined
      ? {}
      : { webhookEmailKey: patch.webhook_keys.email, webhookFullNameKey: patch.webhook_keys.full_name }),
    ...(patch.privacy_policy === undefined ? {} : { privacyPolicy: patch.privacy_policy }),
    ...(patch.terms_and_conditions === undefined ? {} : { termsAndConditions: patch.terms_and_conditions }),
    ...(patch.support_link === undefined ? {} : { supportLink: patch.support_link }),
  }
}

/**
 * A webhook is usable only with its URL and both key names; the forms send them together, but a
 * body with only some of them must not leave a half-configured webhook behind.
 */
function incompleteWebhook(row: StoreSettingsRow, values: StoreSettingsValues): Record<string, string[]> {
  const merged = { ...row, ...values }
  const parts = {
    webhook_url: merged.webhookUrl,
    'webhook_keys.email': merged.webhookEmailKey,
    'webhook_keys.full_name': merged.webhookFullNameKey,
  }
  if (Object.values(parts).every((value) => !value)) return {}
  return Object.fromEntries(Object.entries(parts).flatMap(([field, value]) => (value ? [] : [[field, [messages.required]]])))
}

/** The CRM webhook and company links of a seller (spec section 5, decisions D9). */
export function createStoreSettingsService({ db, now, allowPrivateWebhooks }: Deps) {
  /** The row, created with its signing secret on first use. */
  const load = async (sellerId: string) => {
    const existing = await storeSettingsRepository.find(db, sellerId)
    if (existing?.webhookSecret) return { row: existing, secret: existing.webhookSecret }
    const row = await storeSettingsRepository.ensureSecret(db, sellerId, newWebhookSecret())
    if (!row.webhookSecret) throw new Error('the webhook secret was not stored')
    return { row, secret: row.webhookSecret }
  }

  return {
    async get(sellerId: string): Promise<StoreSettings> {
      const { row, secret } = await load(sellerId)
      return toStoreSettings(row, secret)
    },

    async update(sellerId: string, patch: StoreSettingsPatch): Promise<StoreSettings> {
      if (patch.webhook_url && !allowPrivateWebhooks && !checkPublicUrl(patch.webhook_url).ok) {
        throw ValidationError.field('webhook_url', settingsMessages.privateWebhook)
      }
      const { row } = await load(sellerId)
      const values = changedValues(patch)
      const missing = incompleteWebhook(row, values)
      if (Object.keys(missing).length > 0) throw new ValidationError(missing)
      const updated = await storeSettingsRepository.update(db, sellerId, values, now())
      return toStoreSettings(updated, updated.webhookSecret ?? '')
    },

    /** What the webhook delivery (funnel issue) needs; null when the seller has no complete webhook. */
    async webhookTarget(sellerId: string) {
      const row = await storeSettingsRepository.find(db, sellerId)
      if (!row?.webhookUrl || !row.webhookEmailKey || !row.webhookFullNameKey) return null
      const { secret } = await load(sellerId)
      return { url: row.webhookUrl, emailKey: row.webhookEmailKey, fullNameKey: row.webhookFullNameKey, secret }
    },
  }
}
export type StoreSettingsService = ReturnType<typeof createStoreSettingsService>
