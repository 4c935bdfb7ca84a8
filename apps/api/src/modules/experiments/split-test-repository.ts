import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import type { PageContent } from '../offers/offers-module.js'
import { splitCountedVisitors, splitHourlyVisitors, splitTests, splitVariants } from './experiments-tables.js'

export type SplitTestRow = typeof splitTests.$inferSelect
export type SplitVariantRow = typeof splitVariants.$inferSelect
export type SplitVariantValues = Omit<typeof splitVariants.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>
export type SplitTestWithVariants = { test: SplitTestRow; variants: SplitVariantRow[] }

async function withVariants(db: Executor, test: SplitTestRow | undefined): Promise<SplitTestWithVariants | undefined> {
  if (!test) return undefined
  const variants = await db
    .select()
    .from(splitVariants)
    .where(eq(splitVariants.splitTestId, test.id))
    // The control first, then the variants in the order they were made.
    .orderBy(desc(splitVariants.isControl), asc(splitVariants.createdAt), asc(splitVariants.id))
  return { test, variants }
}

export const splitTestRepository = {
  /** The offer's running test with its arms (at most one runs: a unique index). */
  running: async (db: Executor, offerId: string) =>
    withVariants(
      db,
      (
        await db
          .select()
          .from(splitTests)
          .where(and(eq(splitTests.freeOfferId, offerId), isNull(splitTests.endedAt)))
      )[0],
    ),

  /** Inside a change: the running test, locked, so two changes of one test run one after the other. */
  lockRunning: async (db: Executor, offerId: string) =>
    withVariants(
      db,
      (
        await db
          .select()
          .from(splitTests)
          .where(and(eq(splitTests.freeOfferId, offerId), isNull(splitTests.endedAt)))
          .for('update')
      )[0],
    ),

  /** The running test, else the latest ended one: what the results page shows. */
  latest: async (db: Executor, offerId: string) =>
    withVariants(
      db,
      (
        await db
          .select()
          .from(splitTests)
          .where(eq(splitTests.freeOfferId, offerId))
          .orderBy(sql`${splitTests.endedAt} is null desc`, desc(splitTests.startedAt))
          .limit(1)
      )[0],
    ),

  /** The offer's ended tests with their arms, newest first: the seller's test history. */
  async ended(db: Executor, offerId: string): Promise<SplitTestWithVariants[]> {
    const tests = await db
      .select()
      .from(splitTests)
      .where(and(eq(splitTests.freeOfferId, offerId), isNotNull(splitTests.endedAt)))
      .orderBy(desc(splitTests.startedAt), desc(splitTests.createdAt), desc(splitTests.id))
    return Promise.all(tests.map(async (test) => (await withVariants(db, test)) as SplitTestWithVariants))
  },

  /** A test's place among its offer's tests (1 for the first), by start (then by when it was stored: a test clock may stand still). */
  async numberOf(db: Executor, test: SplitTestRow): Promise<number> {
    const [row] = await db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(splitTests)
      .where(
        and(
          eq(splitTests.freeOfferId, test.freeOfferId),
          // Compared in SQL: a JS date would cut the stored microseconds off.
          sql`(${splitTests.startedAt}, ${splitTests.createdAt}, ${splitTests.id}) <= (select started_at, created_at, id from ${splitTests} where id = ${test.id})`,
        ),
      )
    return row?.count ?? 1
  },

  /** How many tests the offer has had, and every name its arms used: new names continue from these. */
  async offerNames(db: Executor, offerId: string): Promise<{ tests: number; variants: number; names: Set<string> }> {
    const [tests] = await db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(splitTests)
      .where(eq(splitTests.freeOfferId, offerId))
    const arms = await db
      .select({ name: splitVariants.name, isControl: splitVariants.isControl })
      .from(splitVariants)
      .where(eq(splitVariants.freeOfferId, offerId))
    return {
      tests: tests?.count ?? 0,
      variants: arms.filter((arm) => !arm.isControl).length,
      names: new Set(arms.map((arm) => arm.name.toLowerCase())),
    }
  },

  async insertTest(db: Executor, values: Pick<SplitTestRow, 'sellerId' | 'freeOfferId' | 'minimumDays' | 'minimumVisitors'>, at: Date) {
    const [row] = await db
      .insert(splitTests)
      .values({ ...values, startedAt: at })
      .returning()
    if (!row) throw new Error('the split test was not stored')
    return row
  },

  async insertVariant(db: Executor, values: SplitVariantValues): Promise<SplitVariantRow> {
    // The arms are listed in the order they were made: several made in one transaction (a one-call
    // start) would share its now(), so each takes the clock's time.
    const [row] = await db
      .insert(splitVariants)
      .values({ ...values, createdAt: sql`clock_timestamp()` })
      .returning()
    if (!row) throw new Error('the variant was not stored')
    return row
  },

  async updateVariant(db: Executor, id: string, values: Partial<SplitVariantValues>): Promise<void> {
    await db
      .update(splitVariants)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(splitVariants.id, id))
  },

  /** Stores the page's content on the original's row when its test ends (see `showsThePage`). */
  async keepContent(db: Executor, id: string, content: PageContent): Promise<void> {
    const { headline, subHeadline, optInButton, bumpOfferId, upsellOfferId, assetImage } = content
    await db
      .update(splitVariants)
      .set({ headline, subHeadline, optInButton, bumpOfferId, upsellOfferId, assetImage: assetImage ?? null, updatedAt: new Date() })
      .where(eq(splitVariants.id, id))
  },

  async deleteVariant(db: Executor, id: string): Promise<void> {
    await db.delete(splitVariants).where(eq(splitVariants.id, id))
  },

  /** A test without a visitor left with no variant: nothing to keep (its arms go with it). */
  async deleteTest(db: Executor, id: string): Promise<void> {
    await db.delete(splitTests).where(eq(splitTests.id, id))
  },

  async end(db: Executor, testId: string, winnerVariantId: string, at: Date): Promise<void> {
    await db.update(splitTests).set({ endedAt: at, winnerVariantId, updatedAt: at }).where(eq(splitTests.id, testId))
  },

  /** Which of `keys` some variant shows (offers' image store asks before deleting a file). */
  async imageKeysInUse(db: Executor, keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set()
    const rows = await db
      .selectDistinct({ key: splitVariants.assetImage })
      .from(splitVariants)
      .where(inArray(splitVariants.assetImage, keys))
    return new Set(rows.flatMap((row) => (row.key === null ? [] : [row.key])))
  },

  variant: async (db: Executor, id: string) => (await db.select().from(splitVariants).where(eq(splitVariants.id, id)))[0],

  /**
   * One new visitor of a variant this hour, like the page view counters: counted only when the
   * visitor's token is new (null: a cookie from before tokens, counted as it always was).
   */
  async countVisitor(db: Executor, variantId: string, visitor: string | null, at: Date): Promise<void> {
    const firstView =
      visitor === null
        ? sql`select 1`
        : sql`insert into ${splitCountedVisitors} (variant_id, visitor) values (${variantId}, ${visitor}) on conflict do nothing returning 1`
    await db.execute(sql`
      with first_view as (${firstView})
      insert into ${splitHourlyVisitors} (variant_id, hour, visitors)
      select ${variantId}, date_trunc('hour', ${at}::timestamptz), 1 from first_view
      on conflict (variant_id, hour) do update set visitors = ${splitHourlyVisitors}.visitors + 1`)
  },

  /** Whether any arm of the test has had a visitor (its variants and weights are then fixed). */
  async hasVisitors(db: Executor, variantIds: string[]): Promise<boolean> {
    if (variantIds.length === 0) return false
    const rows = await db
      .select({ one: sql`1` })
      .from(splitHourlyVisitors)
      .where(inArray(splitHourlyVisitors.variantId, variantIds))
      .limit(1)
    return rows.length > 0
  },

  /** New visitors per variant and UTC day: the results' totals and the plot's days. */
  visitorsByDay: (db: Executor, variantIds: string[]) =>
    variantIds.length === 0
      ? Promise.resolve([])
      : db
          .select({
            variantId: splitHourlyVisitors.variantId,
            day: sql<string>`to_char(${splitHourlyVisitors.hour} at time zone 'UTC', 'YYYY-MM-DD')`,
            visitors: sql<number>`sum(${splitHourlyVisitors.visitors})`.mapWith(Number),
          })
          .from(splitHourlyVisitors)
          .where(inArray(splitHourlyVisitors.variantId, variantIds))
          .groupBy(splitHourlyVisitors.variantId, sql`2`)
          .orderBy(sql`2`),
}
