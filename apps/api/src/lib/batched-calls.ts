/**
 * Turns many single calls into few batched ones: calls made while no batch is being written (in
 * the same tick) go out together, and calls made while one is being written go out together in
 * the next. Each caller gets its own result, or the batch's error. Used where many jobs run at
 * once and each would otherwise cost a database round trip of its own (jobs fetched together start
 * their attempts together, so those land in one statement).
 */
export function batchedCalls<Input, Output>(
  runBatch: (inputs: Input[]) => Promise<Output[]>,
  { maxBatch = 500 }: { maxBatch?: number } = {},
): (input: Input) => Promise<Output> {
  type Pending = { input: Input; resolve: (output: Output) => void; reject: (error: unknown) => void }
  const pending: Pending[] = []
  let writing = false

  const drain = async () => {
    writing = true
    while (pending.length > 0) {
      const batch = pending.splice(0, maxBatch)
      try {
        const outputs = await runBatch(batch.map((entry) => entry.input))
        for (const [i, entry] of batch.entries()) entry.resolve(outputs[i] as Output)
      } catch (error) {
        for (const entry of batch) entry.reject(error)
      }
    }
    writing = false
  }

  return (input) =>
    new Promise<Output>((resolve, reject) => {
      pending.push({ input, resolve, reject })
      // A microtask later, so every call made in this tick joins the batch.
      if (!writing) {
        writing = true
        queueMicrotask(() => void drain())
      }
    })
}

/**
 * `batchedCalls` for writes that share a transaction (docs/decisions/checkout-at-campaign-scale.md):
 * concurrent calls go out as one batch; if that batch fails (a deadlock with another batch, one bad
 * item), each of its calls is redone alone with `runOne`, so one bad call fails only its own caller.
 */
export function batchedWrites<Input, Output>(
  runBatch: (inputs: Input[]) => Promise<Output[]>,
  runOne: (input: Input) => Promise<Output>,
  options: { maxBatch?: number } = {},
): (input: Input) => Promise<Output> {
  type Settled = { ok: true; value: Output } | { ok: false; error: unknown }
  const call = batchedCalls(async (inputs: Input[]): Promise<Settled[]> => {
    if (inputs.length === 1) return [await settle(() => runOne(inputs[0] as Input))]
    try {
      return (await runBatch(inputs)).map((value) => ({ ok: true, value }))
    } catch {
      const settled: Settled[] = []
      for (const input of inputs) settled.push(await settle(() => runOne(input)))
      return settled
    }
  }, options)
  return async (input) => {
    const settled = await call(input)
    if (!settled.ok) throw settled.error
    return settled.value
  }
}

/**
 * `batchedCalls` for reads by key: lookups made together go out as one query for all their keys
 * (`= any($1)`), and each caller gets the rows of its own key (none when it has none). Where many
 * requests at once each read one row by key (buyers accepting together), this is one statement per
 * batch instead of one per request.
 */
export function batchedLookups<Row>(
  readMany: (keys: string[]) => Promise<Row[]>,
  keyOf: (row: Row) => string,
): (key: string) => Promise<Row[]> {
  return batchedCalls(async (keys: string[]) => {
    const byKey = new Map<string, Row[]>()
    for (const row of await readMany([...new Set(keys)])) {
      const key = keyOf(row)
      byKey.set(key, [...(byKey.get(key) ?? []), row])
    }
    return keys.map((key) => byKey.get(key) ?? [])
  })
}

async function settle<Output>(work: () => Promise<Output>): Promise<{ ok: true; value: Output } | { ok: false; error: unknown }> {
  try {
    return { ok: true, value: await work() }
  } catch (error) {
    return { ok: false, error }
  }
}
