import { sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'

/**
 * Which of `keys` some offer row still shows. A duplicated offer shares its original's stored
 * images (docs/decisions/0021), and a split-test variant keeps its image after it won (the offer
 * then shows the same file), so a file is deleted only when no offer uses it any more and the
 * experiments module (`variantsInUse`) says no variant does either.
 */
export async function imageKeysInUse(
  db: Executor,
  keys: string[],
  variantsInUse: (keys: string[]) => Promise<Set<string>>,
): Promise<Set<string>> {
  if (keys.length === 0) return new Set()
  const list = sql`(${sql.join(
    keys.map((key) => sql`${key}`),
    sql`, `,
  )})`
  const result = await db.execute<{ key: string }>(sql`
    select asset_image as key from free_offers where asset_image in ${list}
    union select logo from free_offers where logo in ${list}
    union select asset_image from bump_offers where asset_image in ${list}
    union select asset_image from upsell_offers where asset_image in ${list}
    union select logo from upsell_offers where logo in ${list}`)
  return new Set([...result.rows.map((row) => row.key), ...(await variantsInUse(keys))])
}
