import { type WebAppConfig, webAppConfigElementId, webAppConfigSchema } from '@funnelry/shared'

/**
 * What the server wrote into the page's HTML about itself (the pages origin, decision D23).
 * Without it (the Vite dev server, tests) both addresses are this page's own origin.
 */
export function webAppConfig(): WebAppConfig {
  const text = document.getElementById(webAppConfigElementId)?.textContent
  let parsed: unknown
  try {
    parsed = text ? JSON.parse(text) : undefined
  } catch {
    parsed = undefined
  }
  const result = webAppConfigSchema.safeParse(parsed)
  return result.success ? result.data : { pages_url: window.location.origin, dashboard_url: window.location.origin }
}
