import type { PlatformTarget } from './conversion-sender.js'
import type { ConversionSettingsRow } from './conversion-settings-repository.js'

/** The platforms a seller's settings can send to: Meta with a pixel ID and token, GA4 with an ID and secret. */
export function platformTargets(settings: ConversionSettingsRow | undefined): PlatformTarget[] {
  if (!settings) return []
  const targets: PlatformTarget[] = []
  if (settings.metaPixelId && settings.metaAccessToken) {
    targets.push({ platform: 'meta', pixelId: settings.metaPixelId, accessToken: settings.metaAccessToken })
  }
  if (settings.ga4MeasurementId && settings.ga4ApiSecret) {
    targets.push({ platform: 'google', measurementId: settings.ga4MeasurementId, apiSecret: settings.ga4ApiSecret })
  }
  return targets
}
