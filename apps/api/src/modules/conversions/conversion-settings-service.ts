import { type ConversionSettings, type ConversionSettingsValues, conversionMessages } from '@funnelry/shared'
import type { Database } from '../../db/client.js'
import { ValidationError } from '../../lib/errors.js'
import { type ConversionSettingsRow, conversionSettingsRepository as repo } from './conversion-settings-repository.js'

const toSettings = (row: ConversionSettingsRow | undefined): ConversionSettings => ({
  meta: {
    pixel_id: row?.metaPixelId ?? null,
    has_access_token: Boolean(row?.metaAccessToken),
    test_event_code: row?.metaTestEventCode ?? null,
  },
  google: { measurement_id: row?.ga4MeasurementId ?? null, has_api_secret: Boolean(row?.ga4ApiSecret) },
  consent_required: row?.consentRequired ?? false,
})

/** A secret as the PUT gives it: omitted keeps the saved one, empty or null removes it. */
const nextSecret = (given: string | null | undefined, saved: string | null | undefined) =>
  given === undefined ? (saved ?? null) : given ? given : null

/** Settings → Conversions API (decision D30): the secrets are written, never read back. */
export function createConversionSettingsService({ db, now }: { db: Database; now: () => Date }) {
  return {
    get: async (sellerId: string) => toSettings(await repo.find(db, sellerId)),

    async save(sellerId: string, input: ConversionSettingsValues): Promise<ConversionSettings> {
      const saved = await repo.find(db, sellerId)
      const accessToken = nextSecret(input.meta.access_token, saved?.metaAccessToken)
      const apiSecret = nextSecret(input.google.api_secret, saved?.ga4ApiSecret)
      // A secret without the ID it belongs to could never be used: say so rather than keep it.
      if (accessToken && !input.meta.pixel_id) throw new ValidationError({ 'meta.pixel_id': [conversionMessages.metaTokenNeedsPixel] })
      if (apiSecret && !input.google.measurement_id) {
        throw new ValidationError({ 'google.measurement_id': [conversionMessages.ga4SecretNeedsId] })
      }
      await repo.save(db, sellerId, {
        metaPixelId: input.meta.pixel_id,
        metaAccessToken: accessToken,
        metaTestEventCode: input.meta.test_event_code,
        ga4MeasurementId: input.google.measurement_id,
        ga4ApiSecret: apiSecret,
        consentRequired: input.consent_required,
        updatedAt: now(),
      })
      return toSettings(await repo.find(db, sellerId))
    },
  }
}
export type ConversionSettingsService = ReturnType<typeof createConversionSettingsService>
