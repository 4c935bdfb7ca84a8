import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig, repoRoot } from './config.js'

/** Runs loadConfig and returns its ConfigError (failing the test if it does not throw one). */
function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) return error
    throw error
  }
  throw new Error('loadConfig accepted the configuration')
}

describe('loadConfig', () => {
  it('applies the defaults to an empty environment', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: 'localhost',
      DATA_DIR: '.data',
      EMBEDDED_DB_PORT: 54329,
      MAIL_FROM: 'Funnelry <no-reply@funnelry.local>',
      PUBLIC_IP: '127.0.0.1',
      ALLOW_PRIVATE_WEBHOOKS: false,
      PLATFORM_FEE_PERCENT: 0,
      ALLOW_LOCAL_PAYMENTS: false,
      MAX_UPLOAD_BYTES: 10 * 1024 * 1024,
      TRUST_PROXY: false,
      LOG_LEVEL: 'info',
      dataDir: path.join(repoRoot, '.data'),
      publicUrl: 'http://localhost:3000',
      pagesUrl: 'http://127.0.0.1:3000',
      paymentProvider: 'local',
      apiDocs: true,
    })
    expect(config.DATABASE_URL).toBeUndefined()
    expect(config.SMTP_URL).toBeUndefined()
    expect(config.JWT_SECRET).toBeUndefined()
  })

  it('serves the API documentation by default except in production, and API_DOCS decides when set', () => {
    expect(loadConfig({}).apiDocs).toBe(true)
    expect(loadConfig({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_x', STRIPE_PUBLISHABLE_KEY: 'pk_x' }).apiDocs).toBe(false)
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_LOCAL_PAYMENTS: 'true', API_DOCS: 'true' }).apiDocs).toBe(true)
    expect(loadConfig({ API_DOCS: 'false' }).apiDocs).toBe(false)
    expect(configError({ API_DOCS: 'maybe' }).problems).toEqual(['API_DOCS: must be true or false'])
  })

  it('serves public pages on an origin of their own (decision D23)', () => {
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:4000/' }).pagesUrl).toBe('http://localhost:4000')
    expect(loadConfig({ PUBLIC_URL: 'https://app.example.com', PAGES_URL: 'https://pages.example.com/' }).pagesUrl).toBe(
      'https://pages.example.com',
    )
    expect(configError({ PUBLIC_URL: 'https://app.example.com' }).problems).toEqual([
      "PAGES_URL: set it to the address of public offer pages, on a host name other than PUBLIC_URL's (e.g. https://pages.app.example.com)",
    ])
    expect(configError({ PUBLIC_URL: 'https://app.example.com', PAGES_URL: 'https://app.example.com:8443' }).problems).toEqual([
      "PAGES_URL: use a host name other than PUBLIC_URL's; seller scripts must not share the dashboard's origin",
    ])
    expect(configError({ DNS_SERVER: 'dns.example.com' }).problems[0]).toMatch(/^DNS_SERVER: must be an IP address/)
    expect(loadConfig({ DNS_SERVER: '127.0.0.1:5353' }).DNS_SERVER).toBe('127.0.0.1:5353')
  })

  it('counts empty strings as unset, so the defaults apply', () => {
    const config = loadConfig({ PORT: '', PUBLIC_URL: '', SMTP_URL: '', DATABASE_URL: '', STRIPE_SECRET_KEY: '', LOG_LEVEL: '' })
    expect(config.PORT).toBe(3000)
    expect(config.publicUrl).toBe('http://localhost:3000')
    expect(config.SMTP_URL).toBeUndefined()
    expect(config.DATABASE_URL).toBeUndefined()
    expect(config.paymentProvider).toBe('local')
    expect(config.LOG_LEVEL).toBe('info')
  })

  it('counts blank values as unset too (PORT=" " is not port 0)', () => {
    const config = loadConfig({ PORT: '  ', EMBEDDED_DB_PORT: '\t', PUBLIC_URL: ' ' })
    expect(config.PORT).toBe(3000)
    expect(config.EMBEDDED_DB_PORT).toBe(54329)
    expect(config.publicUrl).toBe('http://localhost:3000')
  })

  it('reads the values it is given', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '8080',
      DATA_DIR: '/var/lib/funnelry',
      DATABASE_URL: 'postgres://user:pw@db.example.com:5432/funnelry',
      PUBLIC_URL: 'https://shop.example.com/',
      PAGES_URL: 'https://offers.example.com',
      SMTP_URL: 'smtps://user:pw@mail.example.com:465',
      TRUST_PROXY: 'yes',
      ALLOW_PRIVATE_WEBHOOKS: '1',
      PLATFORM_FEE_PERCENT: '2.5',
      MAX_UPLOAD_BYTES: '2048',
      PUBLIC_IP: '2001:db8::1',
    })
    expect(config).toMatchObject({
      NODE_ENV: 'test',
      PORT: 8080,
      dataDir: '/var/lib/funnelry',
      DATABASE_URL: 'postgres://user:pw@db.example.com:5432/funnelry',
      publicUrl: 'https://shop.example.com',
      pagesUrl: 'https://offers.example.com',
      SMTP_URL: 'smtps://user:pw@mail.example.com:465',
      TRUST_PROXY: true,
      ALLOW_PRIVATE_WEBHOOKS: true,
      PLATFORM_FEE_PERCENT: 2.5,
      MAX_UPLOAD_BYTES: 2048,
      PUBLIC_IP: '2001:db8::1',
    })
  })

  it('keeps uploads in DATA_DIR unless the S3_* settings are given, all together', () => {
    expect(loadConfig({}).s3).toBeNull()
    const s3 = { S3_ENDPOINT: 'https://s3.example.com/', S3_BUCKET: 'shop-uploads', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' }
    expect(loadConfig(s3).s3).toEqual({
      endpoint: 'https://s3.example.com',
      bucket: 'shop-uploads',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      publicUrl: 'https://s3.example.com/shop-uploads',
    })
    expect(loadConfig({ ...s3, S3_REGION: 'eu-west-1', S3_PUBLIC_URL: 'https://cdn.example.com/' }).s3).toMatchObject({
      region: 'eu-west-1',
      publicUrl: 'https://cdn.example.com',
    })
    expect(configError({ S3_BUCKET: 'shop-uploads' }).problems).toEqual([
      'S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY together to keep uploads in S3, or none of them for DATA_DIR',
    ])
    expect(configError({ ...s3, S3_BUCKET: 'Shop_Uploads' }).problems[0]).toMatch(/^S3_BUCKET: must be a bucket name/)
    const production = { NODE_ENV: 'production', ALLOW_LOCAL_PAYMENTS: 'true', ...s3 }
    expect(configError({ ...production, S3_PUBLIC_URL: 'http://cdn.example.com' }).problems).toEqual([
      'S3_PUBLIC_URL: production pages load images over https only; set an https:// address of the bucket or its CDN',
    ])
  })

  it("links the auth footer to the operator's product site and legal pages, the dashboard and none by default", () => {
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:4100' }).productLinks).toEqual({
      site_url: 'http://localhost:4100',
      privacy_policy_url: null,
      terms_url: null,
      refund_policy_url: null,
    })
    const links = {
      PRODUCT_SITE_URL: 'https://shop-tools.com',
      PRODUCT_PRIVACY_POLICY_URL: 'https://shop-tools.com/privacy',
      PRODUCT_TERMS_URL: 'https://shop-tools.com/terms',
      PRODUCT_REFUND_POLICY_URL: 'https://shop-tools.com/refunds',
    }
    expect(loadConfig(links).productLinks).toEqual({
      site_url: 'https://shop-tools.com',
      privacy_policy_url: 'https://shop-tools.com/privacy',
      terms_url: 'https://shop-tools.com/terms',
      refund_policy_url: 'https://shop-tools.com/refunds',
    })
    expect(configError({ PRODUCT_TERMS_URL: 'shop-tools.com/terms' }).problems).toEqual([
      'PRODUCT_TERMS_URL: must be an http:// or https:// URL',
    ])
  })

  it('derives the public URL from the port when PUBLIC_URL is unset', () => {
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100')
  })

  it('uses Stripe when both keys are set', () => {
    const config = loadConfig({ STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_PUBLISHABLE_KEY: 'pk_test_123' })
    expect(config.paymentProvider).toBe('stripe')
  })

  it.each([
    ['PORT', 'abc', 'must be a port number'],
    ['PORT', '70000', ''],
    ['EMBEDDED_DB_PORT', '-1', ''],
    ['PUBLIC_URL', 'nope', 'must be an http:// or https:// URL'],
    ['PUBLIC_URL', 'ftp://example.com', 'must be an http:// or https:// URL'],
    ['DATABASE_URL', 'mysql://localhost/db', 'must be a postgres:// or postgresql:// URL'],
    ['SMTP_URL', 'http://mail.example.com', 'must be an smtp:// or smtps:// URL'],
    ['JWT_SECRET', 'short', 'must be at least 32 characters'],
    ['NODE_ENV', 'staging', ''],
    ['TRUST_PROXY', 'maybe', 'must be true or false'],
    ['PUBLIC_IP', 'localhost', 'must be an IP address'],
    ['STRIPE_SECRET_KEY', 'pk_test_123', 'must start with sk_'],
    ['PLATFORM_FEE_PERCENT', '150', ''],
    ['MAX_UPLOAD_BYTES', 'lots', 'must be a number of bytes'],
    ['LOG_LEVEL', 'loud', ''],
  ])('refuses %s=%j with an error naming the variable', (name, value, message) => {
    const error = configError({ [name]: value })
    expect(error.problems).toHaveLength(1)
    expect(error.problems[0]).toMatch(new RegExp(`^${name}: `))
    expect(error.problems[0]).toContain(message)
    expect(error.message).toContain(name)
  })

  it('lists every wrong variable at once', () => {
    const error = configError({ PORT: 'abc', PUBLIC_URL: 'nope', JWT_SECRET: 'short' })
    expect(error.problems.map((problem) => problem.split(':')[0]).sort()).toEqual(['JWT_SECRET', 'PORT', 'PUBLIC_URL'])
    expect(error.message).toMatch(/^The configuration is not valid:\n {2}- /)
  })

  it.each<Record<string, string>>([
    { STRIPE_SECRET_KEY: 'sk_test_123' },
    { STRIPE_PUBLISHABLE_KEY: 'pk_test_123' },
    { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_PUBLISHABLE_KEY: '' },
  ])('refuses only one Stripe key (%j)', (env) => {
    const error = configError(env)
    expect(error.problems).toEqual([expect.stringMatching(/^STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY: set both/)])
  })

  it('refuses production without Stripe keys unless local payments are allowed', () => {
    const error = configError({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) })
    expect(error.problems).toEqual([expect.stringMatching(/^STRIPE_SECRET_KEY: production needs Stripe keys/)])
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_LOCAL_PAYMENTS: 'true' }).paymentProvider).toBe('local')
  })

  it('refuses production on an external database without a shared JWT secret and two-factor key', () => {
    const env = { NODE_ENV: 'production', ALLOW_LOCAL_PAYMENTS: 'true', DATABASE_URL: 'postgres://db.example.com/funnelry' }
    const error = configError(env)
    expect(error.problems).toEqual([expect.stringMatching(/^JWT_SECRET: /), expect.stringMatching(/^TWO_FACTOR_KEY: /)])
    expect(loadConfig({ ...env, JWT_SECRET: 'y'.repeat(32), TWO_FACTOR_KEY: 'z'.repeat(32) }).NODE_ENV).toBe('production')
  })
})
