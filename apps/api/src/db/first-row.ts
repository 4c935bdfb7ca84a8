/**
 * The first row of a query, or undefined: what a lookup by key answers. Queries are written with
 * the select builder (`db.select().from(table).where(...)`), which needs no registry of every
 * module's tables (decision 0028), then limited to one row here.
 */
export async function firstRow<Row>(query: { limit: (count: number) => PromiseLike<Row[]> }): Promise<Row | undefined> {
  const [row] = await query.limit(1)
  return row
}
