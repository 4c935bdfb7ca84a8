import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { createApiModules } from '../../apps/api/src/api-modules.js'
import { buildApp } from '../../apps/api/src/app.js'
import { loadConfig } from '../../apps/api/src/config.js'
import { createJobQueue } from '../../apps/api/src/jobs/queue.js'
import { createMemoryLimitStore } from '../../apps/api/src/lib/limit-store.js'
import { connectionOf, createSellerChanges } from '../../apps/api/src/lib/seller-changes.js'
import { createTokenSigner } from '../../apps/api/src/lib/tokens.js'
import { conversionSettings } from '../../apps/api/src/modules/conversions/conversions-tables.js'
import { bumpOffers, freeOffers } from '../../apps/api/src/modules/offers/offers-tables.js'
import { paymentAccounts } from '../../apps/api/src/modules/payments/payments-tables.js'
import { createFileStorage } from '../../apps/api/src/storage/create-file-storage.js'
import { type BenchDatabase, insertSeller, startBenchWorkers } from '../jobs/harness.js'

/** The product in this process on the bench database: its API (for opt-ins and checkouts) and its fulfilment. */
export async function startProduct(db: BenchDatabase, platformsUrl: string) {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    DATA_DIR: db.dataDir,
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
    PUBLIC_URL: 'http://funnelry.bench',
    PAGES_URL: 'http://pages.funnelry.bench',
    ALLOW_PRIVATE_WEBHOOKS: 'true',
    META_GRAPH_URL: platformsUrl,
    GA4_MP_URL: platformsUrl,
    LOG_LEVEL: 'silent',
  })
  const jobs = createJobQueue(db.url, { pollingIntervalSeconds: 0.5, onError: () => {} })
  await jobs.start()
  const now = () => new Date()
  const app = await buildApp({
    config,
    db: db.db,
    jobs,
    tokens: createTokenSigner('bench-secret-that-is-long-enough-for-hs256-signing', now),
    now,
    webDist: path.join(db.dataDir, 'no-web'),
  })
  await app.ready()
  // Payment events reach fulfilment as the provider webhook hands them over (after its signature check).
  const modules = await createApiModules({
    config,
    db: db.db,
    jobs,
    now,
    changes: createSellerChanges(connectionOf(db.db)),
    limits: createMemoryLimitStore(now),
    storage: createFileStorage(config),
    log: { warn: () => {}, error: (message) => console.error(message) },
  })
  return {
    app,
    config,
    fulfilment: modules.orders.services.fulfilment,
    startWorkers: () => startBenchWorkers(db, config),
    async close() {
      await app.close()
      await jobs.stop()
    },
  }
}

/** A seller with a CRM webhook, a chargeable local account, both platforms configured and a free offer with a bump. */
export async function insertConversionSeller(db: BenchDatabase, crmUrl: string) {
  const sellerId = await insertSeller(db, crmUrl)
  const accountId = `acct_local_${randomBytes(8).toString('hex')}`
  await db.db.insert(paymentAccounts).values({ sellerId, provider: 'local', accountId, chargesEnabled: true })
  await db.db.insert(conversionSettings).values({
    sellerId,
    metaPixelId: '123456789012345',
    metaAccessToken: 'meta-test-token',
    ga4MeasurementId: 'G-BENCH1234',
    ga4ApiSecret: 'ga4-secret',
  })
  const [bump] = await db.db
    .insert(bumpOffers)
    .values({ sellerId, headline: 'The Checklist', url: 'https://files.example/c.pdf', oldPriceCents: 1900, priceCents: 350 })
    .returning()
  const [offer] = await db.db
    .insert(freeOffers)
    .values({ sellerId, headline: 'The Guide', url: 'https://files.example/g.pdf', optInButton: 'Get it', bumpOfferId: bump?.id ?? null })
    .returning()
  if (!offer || !bump) throw new Error('no offer')
  return { sellerId, accountId, offerId: offer.id, bumpId: bump.id }
}

let visitors = 0
/** A distinct visitor: their own address, browser cookies and consent. */
export function nextVisitor() {
  visitors += 1
  const n = visitors
  return {
    n,
    remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    headers: {
      'user-agent': 'Mozilla/5.0 (Bench)',
      referer: 'http://pages.funnelry.bench/free-offer/x',
      cookie: `_fbp=fb.1.1700000000000.${n}; _ga=GA1.1.${n}.1700000000; funnelry_consent=granted`,
    },
  }
}

export async function inParallel(total: number, workers: number, task: (n: number) => Promise<void>) {
  let next = 0
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < total) await task(next++)
    }),
  )
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
}
