import { createHash } from 'node:crypto'

/**
 * The HTML of the app carries one of two policies. Dashboard and auth pages allow only our own
 * scripts (plus Stripe.js), so nothing injected can run where sellers manage their data.
 * Public funnel pages must run the seller's own advertising pixels (arbitrary third-party
 * scripts by design), so there only framing, plugins and <base> are locked down.
 */
const stripe = ['https://js.stripe.com', 'https://*.stripe.com']
const videoEmbeds = ['https://www.youtube.com', 'https://www.youtube-nocookie.com', 'https://player.vimeo.com']

const strictPolicy = (scriptHashes: string[]) =>
  [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes, stripe[0]].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self' ${stripe.join(' ')}`,
    `frame-src ${[...stripe, ...videoEmbeds].join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ')

const funnelPolicy = ["frame-ancestors 'self'", "base-uri 'self'", "object-src 'none'"].join('; ')

const funnelPaths = [/^\/free-offer(\/|$)/, /^\/thank-you-purchase(\/|$)/]

/**
 * Only a public site (the pages origin or a seller's domain) ever gets the open policy: on the
 * dashboard's origin even a preview of an offer page stays under the strict one.
 */
export function contentSecurityPolicyFor(pathname: string, onPublicSite: boolean, scriptHashes: string[] = []): string {
  return onPublicSite && funnelPaths.some((pattern) => pattern.test(pathname)) ? funnelPolicy : strictPolicy(scriptHashes)
}

/** A CSP source allowing exactly this inline script (a public page previewed on the dashboard's origin). */
export const scriptHash = (source: string) => `'sha256-${createHash('sha256').update(source).digest('base64')}'`
