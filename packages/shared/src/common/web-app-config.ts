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
  /**
   * The product's own pages, linked from the log-in and sign-up footer (spec section 2), as the
   * operator set them (PRODUCT_*_URL). A legal page left unset is not linked.
   */
  product_links: z
    .object({
      site_url: z.string(),
      privacy_policy_url: z.string().nullable(),
      terms_url: z.string().nullable(),
      refund_policy_url: z.string().nullable(),
    })
    .optional(),
})
export type ProductLinks = NonNullable<WebAppConfig['product_links']>
export type WebAppConfig = z.infer<typeof webAppConfigSchema>

export const webAppConfigElementId = 'funnelry-config'
