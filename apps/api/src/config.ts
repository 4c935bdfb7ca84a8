import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ProductLinks } from '@funnelry/shared'
import { z } from 'zod'
import type { S3Settings } from './storage/s3-file-storage.js'

/** The repository root: relative paths in the configuration are resolved against it. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes')

const port = z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535)

const seconds = z.coerce.number({ error: 'must be a number of seconds' }).positive('must be more than 0 seconds')

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  EMBEDDED_DB_PORT: port.default(54329),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  PAGES_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  DNS_SERVER: z
    .string()
    .regex(/^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-fA-F:]+\])(:\d{1,5})?$/, 'must be an IP address, optionally with :port ([::1]:53 for IPv6)')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // Encrypts two-factor secrets at rest; generated into DATA_DIR/secrets when unset (modules/auth/secret-box.ts).
  TWO_FACTOR_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).default('Funnelry <no-reply@funnelry.local>'),
  PUBLIC_IP: z.union([z.ipv4(), z.ipv6()], { error: 'must be an IP address' }).default('127.0.0.1'),
  ALLOW_PRIVATE_WEBHOOKS: flag.default(false),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'must start with sk_').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_', 'must start with pk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'must start with whsec_').optional(),
  STRIPE_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  PLATFORM_FEE_PERCENT: z.coerce.number({ error: 'must be a number' }).min(0).max(100).default(0),
  ALLOW_LOCAL_PAYMENTS: flag.default(false),
  MAX_UPLOAD_BYTES: z.coerce
    .number({ error: 'must be a number of bytes' })
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// URL' }).optional(),
  TRUST_PROXY: flag.default(false),
  API_DOCS: flag.optional(),
  // Slow clients (plugins/server-timeouts.ts): how long a request may take to arrive, its headers
  // alone, and how long an idle keep-alive connection stays open (above load balancers' 60 s).
  REQUEST_TIMEOUT_SECONDS: seconds.max(30, 'must be at most 30 seconds').default(30),
  HEADERS_TIMEOUT_SECONDS: seconds.max(30, 'must be at most 30 seconds').default(10),
  KEEP_ALIVE_TIMEOUT_SECONDS: seconds.max(600, 'must be at most 600 seconds').default(72),
  // The product's own pages, linked from the auth screens' footer (web-app config).
  PRODUCT_SITE_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  PRODUCT_PRIVACY_POLICY_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  PRODUCT_TERMS_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  PRODUCT_REFUND_POLICY_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  // Uploads in an S3-compatible bucket instead of DATA_DIR/uploads (storage/s3-file-storage.ts).
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 lowercase letters, digits, dots and dashes)')
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  // Server-side conversions (decision D30): the ad platforms' base URLs; tests point them at local stand-ins.
  META_GRAPH_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .default('https://graph.facebook.com')
    .transform((url) => url.replace(/\/+$/, '')),
  GA4_MP_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .default('https://www.google-analytics.com')
    .transform((url) => url.replace(/\/+$/, '')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
})

export type Env = z.infer<typeof envSchema>

export type Config = Env & {
  /** Absolute DATA_DIR. */
  dataDir: string
  /** PUBLIC_URL without a trailing slash, defaulting to http://localhost:PORT: the dashboard and the API. */
  publicUrl: string
  /**
   * PAGES_URL without a trailing slash: where public offer pages (and so seller scripts) are
   * served, never on the dashboard's origin (decision D23). Defaults to the same URL on
   * 127.0.0.1 when PUBLIC_URL is on localhost (and the other way round).
   */
  pagesUrl: string
  paymentProvider: 'local' | 'stripe'
  /** Serve the OpenAPI pages at /api/docs: API_DOCS, or on by default except in production. */
  apiDocs: boolean
  /** Where uploads go when the S3_* settings are given; null keeps them in DATA_DIR/uploads. */
  s3: S3Settings | null
  /** The auth footer's links: the product site (PUBLIC_URL by default) and the legal pages that are set. */
  productLinks: ProductLinks
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`The configuration is not valid:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
  }
}

/** Reads and validates the environment once; an empty (or blank) variable counts as unset. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // Blank matters: `PORT= ` would otherwise be coerced to port 0, a random port.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ''))
  const parsed = envSchema.safeParse(present)
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`))
  }
  const env = parsed.data
  const problems: string[] = []
  const hasStripe = Boolean(env.STRIPE_SECRET_KEY || env.STRIPE_PUBLISHABLE_KEY)
  if (hasStripe && !(env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY)) {
    problems.push('STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY: set both to use Stripe, or neither for the local test provider')
  }
  if (!hasStripe && env.NODE_ENV === 'production' && !env.ALLOW_LOCAL_PAYMENTS) {
    problems.push(
      'STRIPE_SECRET_KEY: production needs Stripe keys; the local test provider takes no real money (set ALLOW_LOCAL_PAYMENTS=true to run it anyway)',
    )
  }
  if (env.NODE_ENV === 'production' && !env.JWT_SECRET && env.DATABASE_URL) {
    problems.push('JWT_SECRET: production with an external database needs a shared secret of at least 32 characters')
  }
  if (env.NODE_ENV === 'production' && !env.TWO_FACTOR_KEY && env.DATABASE_URL) {
    problems.push(
      'TWO_FACTOR_KEY: production with an external database needs a shared key of at least 32 characters (every process reads the same two-factor secrets)',
    )
  }
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '')
  const pagesUrl = (env.PAGES_URL ?? defaultPagesUrl(publicUrl))?.replace(/\/+$/, '')
  if (!pagesUrl) {
    problems.push(
      `PAGES_URL: set it to the address of public offer pages, on a host name other than PUBLIC_URL's (e.g. https://pages.${new URL(publicUrl).hostname})`,
    )
  } else if (new URL(pagesUrl).hostname === new URL(publicUrl).hostname) {
    problems.push("PAGES_URL: use a host name other than PUBLIC_URL's; seller scripts must not share the dashboard's origin")
  }
  const s3 = s3Settings(env, problems)
  if (problems.length > 0 || !pagesUrl) throw new ConfigError(problems)

  return {
    ...env,
    dataDir: path.resolve(repoRoot, env.DATA_DIR),
    publicUrl,
    pagesUrl,
    paymentProvider: hasStripe ? 'stripe' : 'local',
    apiDocs: env.API_DOCS ?? env.NODE_ENV !== 'production',
    s3,
    productLinks: {
      site_url: env.PRODUCT_SITE_URL ?? publicUrl,
      privacy_policy_url: env.PRODUCT_PRIVACY_POLICY_URL ?? null,
      terms_url: env.PRODUCT_TERMS_URL ?? null,
      refund_policy_url: env.PRODUCT_REFUND_POLICY_URL ?? null,
    },
  }
}

const s3Required = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const

/** All of the required S3_* settings, or none of them: half a bucket would lose uploads. */
function s3Settings(env: Env, problems: string[]): S3Settings | null {
  const given = s3Required.filter((name) => env[name] !== undefined)
  if (given.length === 0 && !env.S3_PUBLIC_URL) return null
  const missing = s3Required.filter((name) => env[name] === undefined)
  if (missing.length > 0) {
    problems.push(`${missing.join(', ')}: set ${s3Required.join(', ')} together to keep uploads in S3, or none of them for DATA_DIR`)
    return null
  }
  const endpoint = (env.S3_ENDPOINT ?? '').replace(/\/+$/, '')
  const bucket = env.S3_BUCKET ?? ''
  const publicUrl = (env.S3_PUBLIC_URL ?? `${endpoint}/${bucket}`).replace(/\/+$/, '')
  // Pages allow images from their own origin and https: only (plugins/content-security-policy.ts).
  if (env.NODE_ENV === 'production' && !publicUrl.startsWith('https://')) {
    problems.push('S3_PUBLIC_URL: production pages load images over https only; set an https:// address of the bucket or its CDN')
  }
  return {
    endpoint,
    bucket,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
    // Path-style by default: the bucket must then allow public reads of its objects.
    publicUrl,
  }
}

/**
 * On one machine, localhost and 127.0.0.1 are different origins of the same server: public pages
 * get their own origin with no DNS at all. Any other PUBLIC_URL needs PAGES_URL set.
 */
function defaultPagesUrl(publicUrl: string): string | null {
  const url = new URL(publicUrl)
  const swap: Record<string, string> = { localhost: '127.0.0.1', '127.0.0.1': 'localhost' }
  const other = swap[url.hostname]
  if (!other) return null
  url.hostname = other
  return url.toString()
}
