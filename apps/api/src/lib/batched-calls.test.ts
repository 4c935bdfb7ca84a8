import { describe, expect, it } from 'vitest'
import { batchedCalls, batchedLookups } from './batched-calls.js'

describe('batchedCalls', () => {
  it('sends calls made together in one batch and gives each caller its own result', async () => {
    const batches: number[][] = []
    const double = batchedCalls(async (inputs: number[]) => {
      batches.push(inputs)
      return inputs.map((n) => n * 2)
    })
    await expect(Promise.all([double(1), double(2), double(3)])).resolves.toEqual([2, 4, 6])
    expect(batches).toEqual([[1, 2, 3]])
  })

  it('groups calls made while a batch is written into the next one', async () => {
    const batches: number[][] = []
    let release: () => void = () => {}
    const first = new Promise<void>((resolve) => {
      release = resolve
    })
    const echo = batchedCalls(async (inputs: number[]) => {
      batches.push(inputs)
      if (batches.length === 1) await first
      return inputs
    })
    const a = echo(1)
    await Promise.resolve()
    await Promise.resolve()
    const later = [echo(2), echo(3)]
    release()
    await expect(Promise.all([a, ...later])).resolves.toEqual([1, 2, 3])
    expect(batches).toEqual([[1], [2, 3]])
  })

  it('rejects every caller of a failed batch, and the next batch still runs', async () => {
    let fail = true
    const run = batchedCalls(async (inputs: number[]) => {
      if (fail) throw new Error('database away')
      return inputs
    })
    const failed = [run(1), run(2)]
    await expect(Promise.all(failed)).rejects.toThrow('database away')
    await Promise.allSettled(failed)
    fail = false
    await expect(run(3)).resolves.toBe(3)
  })
})

describe('batchedLookups', () => {
  it('reads the keys asked for together in one query and gives each caller the rows of its own key', async () => {
    const queries: string[][] = []
    const rows = [
      { key: 'a', n: 1 },
      { key: 'b', n: 2 },
      { key: 'a', n: 3 },
    ]
    const lookup = batchedLookups(
      async (keys: string[]) => {
        queries.push(keys)
        return rows.filter((row) => keys.includes(row.key))
      },
      (row) => row.key,
    )
    const [a, b, missing, again] = await Promise.all([lookup('a'), lookup('b'), lookup('c'), lookup('a')])
    expect(queries).toEqual([['a', 'b', 'c']])
    expect(a.map((row) => row.n)).toEqual([1, 3])
    expect(b.map((row) => row.n)).toEqual([2])
    expect(missing).toEqual([])
    expect(again).toEqual(a)
  })
})
