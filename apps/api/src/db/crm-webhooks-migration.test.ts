import { readFile } from 'node:fs/promises'
import { sql } from 'drizzle-orm'
import { createSeller } from '../../test/factories.js'
import { describe, expect, test } from '../../test/fixtures.js'

const migration = new URL('./migrations/0014_crm_webhooks.sql', import.meta.url)

/**
 * Migration 0014 moves the CRM webhook out of store_settings (docs/decisions/0022). The test puts a
 * migrated database back in the state before it (the four columns, no crm_webhooks), stores
 * settings the old way, and runs the migration's own SQL again: nothing a seller saved is lost.
 */
describe('migration 0014: the CRM webhook moves to crm_webhooks', () => {
  test('copies every webhook with its secret and keeps the company links', async ({ app }) => {
    const withWebhook = (await createSeller(app)).seller.id
    const secretOnly = (await createSeller(app)).seller.id
    const linksOnly = (await createSeller(app)).seller.id
    await app.db.execute(sql`drop table crm_webhooks`)
    await app.db.execute(sql`alter table store_settings add column webhook_url text, add column webhook_email_key text,
      add column webhook_full_name_key text, add column webhook_secret text`)
    await app.db.execute(sql`insert into store_settings
      (seller_id, webhook_url, webhook_email_key, webhook_full_name_key, webhook_secret, privacy_policy, support_link) values
      (${withWebhook}, 'https://crm.example/hook', 'Email', 'Name', 'whsec_kept', 'https://shop.example/privacy', null),
      (${secretOnly}, null, null, null, 'whsec_only', null, null),
      (${linksOnly}, null, null, null, null, null, 'https://help.example')`)

    for (const statement of (await readFile(migration, 'utf8')).split('--> statement-breakpoint')) {
      await app.db.execute(sql.raw(statement))
    }

    const webhooks = await app.db.execute(sql`select seller_id, url, email_key, full_name_key, secret from crm_webhooks order by secret`)
    expect(webhooks.rows).toEqual([
      { seller_id: withWebhook, url: 'https://crm.example/hook', email_key: 'Email', full_name_key: 'Name', secret: 'whsec_kept' },
      { seller_id: secretOnly, url: null, email_key: null, full_name_key: null, secret: 'whsec_only' },
    ])
    const settings = await app.db.execute(sql`select seller_id, privacy_policy, support_link from store_settings order by seller_id`)
    expect(settings.rows).toEqual(
      [
        { seller_id: withWebhook, privacy_policy: 'https://shop.example/privacy', support_link: null },
        { seller_id: secretOnly, privacy_policy: null, support_link: null },
        { seller_id: linksOnly, privacy_policy: null, support_link: 'https://help.example' },
      ].sort((a, b) => a.seller_id.localeCompare(b.seller_id)),
    )
  })
})
