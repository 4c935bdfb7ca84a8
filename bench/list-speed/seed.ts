import type pg from 'pg'

/** A seller of the benchmark: its size and what was made for it. */
export type BenchSeller = { id: string; email: string; offerIds: [string, string]; leads: number; orders: number }

// 25 surnames: "smith" matches one lead in 25 (4%), in the name and the email. No other name
// holds "smith", and nothing holds "zqxj".
const surnames = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Robinson',
  'Wright',
  'Thompson',
  'Evans',
  'Walker',
  'White',
  'Roberts',
  'Green',
  'Hall',
  'Wood',
  'Jackson',
  'Clarke',
  'Patel',
  'Khan',
  'Lewis',
  'Harris',
  'Martin',
]
const firstNames = ['Ada', 'Grace', 'Alan', 'Katherine', 'Linus', 'Barbara', 'Dennis', 'Margaret', 'Ken', 'Frances']
const textArray = (values: string[]) => `array[${values.map((value) => `'${value}'`).join(', ')}]`

/** Row `g` of `n`: spread over the same year whatever n, newest last. */
/**
 * Decision D37: a third of the rows direct, the rest from 3 sources x 2 campaigns (every row's
 * campaign, as the lists' filters and the sources table meet them).
 */
const sourceOf = `case when g % 3 = 0 then null else (array['facebook', 'google', 'newsletter'])[1 + g % 3] end`
const campaignOf = `case when g % 3 = 0 then null else (array['spring', 'summer'])[1 + (g / 3) % 2] end`
const createdAt = (n: number) => `timestamptz '2025-01-01T00:00:00Z' + (g * (interval '365 days' / ${n}))`
const nameOf = `(${textArray(firstNames)})[1 + (g / 25) % ${firstNames.length}] || ' ' || (${textArray(surnames)})[1 + g % 25]`
const emailOf = `lower((${textArray(surnames)})[1 + g % 25]) || '.' || g || '@example.com'`

/**
 * One seller with two free offers, `leads` leads and `orders` orders, each table filled by one
 * INSERT ... SELECT from generate_series. Run with triggers off (session_replication_role =
 * replica): the counters are then filled in one pass, as the migration fills them for old rows.
 */
export async function seedSeller(client: pg.PoolClient, name: string, leads: number, orders: number): Promise<BenchSeller> {
  const email = `${name}@bench.example`
  const seller = await client.query<{ id: string }>(
    `insert into sellers (email, full_name, business_name, website, business_industry, staff_members, has_stripe_account, password_hash)
     values ($1, $2, $2, 'https://bench.example', 'Software & SaaS', 'Just me', false, 'not-a-hash') returning id`,
    [email, name],
  )
  const sellerId = seller.rows[0]?.id ?? ''
  const offers = await client.query<{ id: string }>(
    `insert into free_offers (seller_id, headline, url, opt_in_button)
     select $1, 'The Guide ' || g, 'https://files.example/' || g, 'Get it' from generate_series(1, 2) g returning id`,
    [sellerId],
  )
  const [first, second] = offers.rows.map((row) => row.id) as [string, string]
  // Issue 27: the first offer runs a split test; its rows (half of all) alternate between its two
  // arms, so the lists name a variant on every other row.
  const test = await client.query<{ id: string }>(
    `insert into split_tests (seller_id, free_offer_id, minimum_days, minimum_visitors) values ($1, $2, 7, 100) returning id`,
    [sellerId, first],
  )
  const arms = await client.query<{ id: string }>(
    `insert into split_variants (split_test_id, seller_id, free_offer_id, is_control, name, weight, headline)
     values ($1, $2, $3, true, 'Original', 50, null), ($1, $2, $3, false, 'Variant B', 50, 'The Guide, Shorter')
     returning id`,
    [test.rows[0]?.id, sellerId, first],
  )
  const armsArray = `(array['${arms.rows.map((row) => row.id).join("', '")}']::uuid[])`
  const variantOf = `case when g % 2 = 0 then ${armsArray}[1 + (g / 2) % 2] end`
  await client.query(
    `insert into leads (seller_id, free_offer_id, email, full_name, utm_source, utm_campaign, variant_id, created_at, updated_at)
     select $1, case when g % 2 = 0 then $2::uuid else $3::uuid end, ${emailOf}, ${nameOf}, ${sourceOf}, ${campaignOf}, ${variantOf},
            ${createdAt(leads)}, now()
       from generate_series(1, ${leads}) g`,
    [sellerId, first, second],
  )
  await client.query(
    `insert into orders (seller_id, free_offer_id, full_name, email, upsell_shown, amount_cents, currency, status, provider,
                         intent_id, utm_source, utm_campaign, variant_id, created_at, updated_at)
     select $1, case when g % 2 = 0 then $2::uuid else $3::uuid end, ${nameOf}, ${emailOf}, g % 3 = 0,
            (array[999, 5899, 0, 4900])[1 + g % 4], 1, (array['paid', 'paid', 'paid', 'pending', 'failed', 'abandoned'])[1 + g % 6],
            'local', 'pi_bench_' || $4 || '_' || g, ${sourceOf}, ${campaignOf}, ${variantOf}, ${createdAt(orders)}, now()
       from generate_series(1, ${orders}) g`,
    [sellerId, first, second, name],
  )
  return { id: sellerId, email, offerIds: [first, second], leads, orders }
}

/**
 * Seeds the sellers the fastest way PostgreSQL allows: the report indexes are dropped and built
 * again after the rows are in (the same definitions, read from the catalog), triggers are off while
 * rows go in, then every counter is filled in one pass and the tables are vacuumed and analysed.
 */
export async function seedAll(client: pg.PoolClient, sizes: { name: string; leads: number; orders: number }[]) {
  const indexes = await client.query<{ name: string; definition: string }>(
    `select indexname as name, indexdef as definition from pg_indexes
      where tablename in ('leads', 'orders') and indexname not like '%pkey' and indexname not like '%_key'`,
  )
  for (const index of indexes.rows) await client.query(`drop index ${index.name}`)
  await client.query(`set session_replication_role = replica`)
  const sellers = []
  for (const size of sizes) sellers.push(await seedSeller(client, size.name, size.leads, size.orders))
  // Each lead's first free completion, from its offer's paid orders with nothing to pay, as migration
  // 0015 fills it for old rows (checkouts set it as they complete).
  await client.query(
    `update leads set free_completed_at = first.at
       from (select free_offer_id, lower(email) as email, min(created_at) as at from orders
              where status = 'paid' and amount_cents = 0 and email is not null group by 1, 2) as first
      where leads.free_offer_id = first.free_offer_id and lower(leads.email) = first.email`,
  )
  await client.query(`set session_replication_role = origin`)
  await client.query(`set maintenance_work_mem = '256MB'`)
  for (const index of indexes.rows) await client.query(index.definition)
  await client.query(
    `insert into lead_daily_counts (seller_id, free_offer_id, day, leads)
     select seller_id, free_offer_id, (created_at at time zone 'UTC')::date, count(*) from leads group by 1, 2, 3`,
  )
  await client.query(
    `insert into order_daily_counts (seller_id, free_offer_id, day, status, currency, orders, priced, with_bump, upsell_shown, with_upsell, amount_cents)
     select seller_id, free_offer_id, (created_at at time zone 'UTC')::date, status, currency, count(*),
            count(*) filter (where amount_cents > 0), count(bump_offer_id), count(*) filter (where upsell_shown or upsell_offer_id is not null),
            count(upsell_offer_id), coalesce(sum(amount_cents), 0)
       from orders where email is not null group by 1, 2, 3, 4, 5`,
  )
  await client.query(
    `insert into free_completion_daily_counts (seller_id, free_offer_id, day, completers)
     select seller_id, free_offer_id, (free_completed_at at time zone 'UTC')::date, count(*) from leads
      where free_completed_at is not null group by 1, 2, 3`,
  )
  // The hourly funnel counters (migration 0021), with ten views an opt-in in the same hour and campaign.
  await client.query(
    `insert into funnel_hourly_counts (free_offer_id, hour, utm_source, utm_campaign, views, opt_ins, free_completers)
     select free_offer_id, date_trunc('hour', created_at, 'UTC'), coalesce(utm_source, ''), coalesce(utm_campaign, ''),
            10 * count(*), count(*), count(free_completed_at)
       from leads group by 1, 2, 3, 4`,
  )
  await client.query(
    `insert into funnel_hourly_counts as c (free_offer_id, hour, utm_source, utm_campaign, currency, orders, paid_orders, free_orders,
         completed_with_bump, completed_upsell_shown, completed_with_upsell, revenue_cents)
     select free_offer_id, date_trunc('hour', created_at, 'UTC'), coalesce(utm_source, ''), coalesce(utm_campaign, ''), currency, count(*),
            count(*) filter (where status = 'paid' and amount_cents > 0), count(*) filter (where status = 'paid' and amount_cents = 0),
            count(*) filter (where status = 'paid' and bump_offer_id is not null),
            count(*) filter (where status = 'paid' and (upsell_shown or upsell_offer_id is not null)),
            count(*) filter (where status = 'paid' and upsell_offer_id is not null),
            coalesce(sum(amount_cents) filter (where status = 'paid' and amount_cents > 0), 0)
       from orders where email is not null group by 1, 2, 3, 4, 5`,
  )
  // Their UTC days and their hours without the campaign (migration 0026), from the hourly rows as the migration fills them.
  await client.query(
    `insert into funnel_daily_counts (free_offer_id, day, utm_source, utm_campaign, currency, views, opt_ins, orders, paid_orders,
         free_orders, completed_with_bump, completed_upsell_shown, completed_with_upsell, free_completers, revenue_cents)
     select free_offer_id, (hour at time zone 'UTC')::date, utm_source, utm_campaign, currency, sum(views), sum(opt_ins), sum(orders),
            sum(paid_orders), sum(free_orders), sum(completed_with_bump), sum(completed_upsell_shown), sum(completed_with_upsell),
            sum(free_completers), sum(revenue_cents)
       from funnel_hourly_counts group by 1, 2, 3, 4, 5`,
  )
  await client.query(
    `insert into funnel_hourly_totals (free_offer_id, hour, currency, views, opt_ins, paid_orders, revenue_cents)
     select free_offer_id, hour, currency, sum(views), sum(opt_ins), sum(paid_orders), sum(revenue_cents)
       from funnel_hourly_counts group by 1, 2, 3`,
  )
  await client.query('vacuum analyze')
  return sellers
}

/** The sellers seeded earlier into a kept data folder (LIST_SPEED_DATA_DIR), by name. */
export async function findSellers(client: pg.PoolClient, names: string[]): Promise<BenchSeller[] | null> {
  const found: BenchSeller[] = []
  for (const name of names) {
    const { rows } = await client.query<{ id: string; email: string; offers: string[]; leads: number; orders: number }>(
      `select s.id, s.email,
              array(select id from free_offers where seller_id = s.id order by headline) as offers,
              (select count(*)::int from leads where seller_id = s.id) as leads,
              (select count(*)::int from orders where seller_id = s.id) as orders
         from sellers s where s.email = $1`,
      [`${name}@bench.example`],
    )
    const row = rows[0]
    if (!row) return null
    found.push({ id: row.id, email: row.email, offerIds: [row.offers[0] ?? '', row.offers[1] ?? ''], leads: row.leads, orders: row.orders })
  }
  return found
}
