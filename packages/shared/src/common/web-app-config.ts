import { z } from 'zod'

/**
 * What the server tells the web app about itself, inlined into every HTML page it serves
 * (`<script id="funnelry-config" type="application/json">`), so the app knows it before any call.
 */
export const webAppConfigSchema = z.object({
  /** Where public offer pages live (PAGES_URL, decision D23), without a trailing slash. */
  pages_url: z.string(),
  /** The dashboard's own address (PUBLIC_URL). */
  dashboard_url: z.string(),
})
export type WebAppConfig = z.infer<typeof webAppConfigSchema>

export const webAppConfigElementId = 'funnelry-config'
