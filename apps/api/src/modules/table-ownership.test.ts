import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { is, Table } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import * as schema from '../db/schema/index.js'

/**
 * Which module owns each table (docs/decisions/0016): only the owner's code reads or writes it;
 * every other module asks the owner's services. A new table must be given an owner here.
 */
const owners: Record<string, string> = {
  sellers: 'sellers',
  invitations: 'sellers',
  businessIndustries: 'sellers',
  staffMemberOptions: 'sellers',
  refreshTokens: 'auth',
  passwordResets: 'auth',
  twoFactorSecrets: 'auth',
  recoveryCodes: 'auth',
  freeOffers: 'offers',
  bumpOffers: 'offers',
  upsellOffers: 'offers',
  leads: 'leads',
  leadFollowUps: 'leads',
  orders: 'orders',
  paymentAccounts: 'payments',
  localPaymentIntents: 'payments',
  storeSettings: 'settings',
  sellerDomains: 'settings',
  advertisingPixels: 'settings',
  webhookDeliveries: 'webhooks',
  webhookAttempts: 'webhooks',
  crmWebhooks: 'webhooks',
  conversionSettings: 'conversions',
  conversionDeliveries: 'conversions',
  conversionVisitors: 'conversions',
  offerDailyViews: 'reports',
  leadDailyCounts: 'reports',
  orderDailyCounts: 'reports',
  freeCompletionDailyCounts: 'reports',
  funnelHourlyCounts: 'reports',
  // Not a module's: the mail outbox is written by mail/ (outside modules) for every area.
  emails: 'mail',
}

/**
 * Reads of another module's tables that were there before this check, each with its reason. The list
 * may only shrink: move such a read behind the owner's service and drop its line.
 */
const knownReads: Record<string, string[]> = {
  // The reports are a read model over the funnel's rows (lists, exports, stats: decision 0012).
  reports: ['freeOffers', 'bumpOffers', 'upsellOffers', 'leads', 'orders'],
  // Receipts and the order list name the offers bought; the delivery email names the seller's business.
  orders: ['freeOffers', 'bumpOffers', 'upsellOffers', 'sellers'],
  // Lead capture and follow-ups name the offer and the seller's business.
  leads: ['freeOffers', 'sellers'],
  // A custom domain serves only its seller's offers and orders: uncached checks on every public call
  // naming an offer (lead capture among them), and settings are built before offers and orders.
  settings: ['freeOffers', 'upsellOffers', 'orders'],
}

const modulesDir = path.dirname(fileURLToPath(import.meta.url))

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    // Tests and test kits build what they test from any part.
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('-test-kit.ts') ? [full] : []
  })
}

/** The schema objects a file imports for use (type-only imports read nothing). */
function importedTables(source: string): string[] {
  const imports = source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'(?:\.\.\/)+db\/schema(?:\/[\w-]+)?\.js'/g)
  return [...imports].flatMap(([, names = '']) =>
    names
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== '' && !name.startsWith('type ')),
  )
}

describe('table ownership', () => {
  const tables = Object.entries(schema)
    .filter(([, value]) => is(value, Table))
    .map(([name]) => name)

  it('gives every table an owner', () => {
    expect(tables.filter((name) => !(name in owners))).toEqual([])
  })

  it('lets no module read another module’s tables beyond the known reads', () => {
    const reads: string[] = []
    for (const file of sourceFiles(modulesDir)) {
      const module = path.relative(modulesDir, file).split(path.sep)[0] ?? ''
      for (const table of importedTables(readFileSync(file, 'utf8'))) {
        const owner = owners[table]
        if (!tables.includes(table) || owner === module || knownReads[module]?.includes(table)) continue
        reads.push(`${path.relative(modulesDir, file)} reads ${table} (owned by ${owner ?? 'nobody'}): ask the owner's services instead`)
      }
    }
    expect(reads).toEqual([])
  })
})
