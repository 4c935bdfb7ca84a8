/**
 * Decision D28: a pixel's `script` is the platform's snippet or its bare ID. An ID is stored as
 * typed; the public pages render it as the platform's standard loader (web: pixel-loaders.ts).
 */
export type PixelPlatformId = { platform: 'meta'; id: string } | { platform: 'ga4'; id: string } | { platform: 'google-ads'; id: string }

const idPatterns = {
  /** Meta's pixel (dataset) ids are 15 or 16 digits. */
  meta: /^\d{15,16}$/,
  /** GA4 measurement ids: `G-` and 4-20 capitals and digits (Google's are 10 today). */
  ga4: /^G-[A-Z0-9]{4,20}$/,
  /** Google Ads conversion ids: `AW-` and digits. */
  'google-ads': /^AW-\d{4,20}$/,
} as const

/** The platform ID a `script` is, or null when it is something else (a snippet, or a mistake). */
export function pixelPlatformId(script: string): PixelPlatformId | null {
  const value = script.trim()
  for (const platform of ['meta', 'ga4', 'google-ads'] as const) {
    if (idPatterns[platform].test(value)) return { platform, id: value }
  }
  return null
}

/** A snippet names its `<script` element; text without one never ran as anyone expected (issue 22, point 7). */
export const hasScriptElement = (script: string) => /<script[\s>]/i.test(script)

export const pixelScriptMessages = {
  facebook: 'Paste the Meta pixel code (with its <script> element) or the pixel ID: 15 or 16 digits.',
  google: 'Paste the Google tag (with its <script> element) or its ID: G-… (Analytics) or AW-… (Ads).',
  facebookIdAsGoogle: 'This is a Meta (Facebook) pixel ID: choose Facebook, or paste a Google ID (G-… or AW-…).',
  googleIdAsFacebook: 'This is a Google ID: choose Google, or paste the Meta pixel ID (15 or 16 digits).',
  either: "Paste the platform's code (with its <script> element) or its ID.",
} as const

/**
 * What is wrong with a pixel's script for its type, or null when it is fine. When the type is not
 * known (a change of the script alone), an ID of either platform passes here and the caller
 * checks it against the stored type.
 */
export function pixelScriptProblem(type: 'facebook' | 'google' | undefined, script: string): string | null {
  const id = pixelPlatformId(script)
  if (id) {
    if (type === 'facebook' && id.platform !== 'meta') return pixelScriptMessages.googleIdAsFacebook
    if (type === 'google' && id.platform === 'meta') return pixelScriptMessages.facebookIdAsGoogle
    return null
  }
  if (hasScriptElement(script)) return null
  return type ? pixelScriptMessages[type] : pixelScriptMessages.either
}
