import pg from 'pg'

/**
 * A pg pool whose checked-out clients give their slot back when their connection dies, whoever
 * holds them. Drizzle's `transaction` sends BEGIN before its try/finally (drizzle-orm 0.45): when
 * the connection it was handed is already cut (a pg_terminate_backend or a restart landing between
 * two requests), BEGIN fails and the client is never released. Each such cut leaked one slot until
 * the pool had none and every transaction failed with "timeout exceeded when trying to connect"
 * (docs/decisions/0015). Here a client whose connection ends while checked out is released with
 * an error (the pool drops it and opens a new one on demand), and releasing twice is harmless.
 * Only promise checkouts are guarded: the callback form is pg's own `pool.query`, which releases.
 */
export class ResilientPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>
  override connect(callback: (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void
  override connect(callback?: Parameters<pg.Pool['connect']>[0]): Promise<pg.PoolClient> | undefined {
    if (callback) {
      super.connect(callback)
      return undefined
    }
    return super.connect().then(releasedWhenItDies)
  }
}

function releasedWhenItDies(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client)
  let released = false
  const giveBack = (error?: Error | boolean) => {
    if (released) return
    released = true
    client.removeListener('end', onEnd)
    release(error)
  }
  const onEnd = () => giveBack(new Error('the connection ended while checked out'))
  client.release = giveBack
  if (hasEnded(client)) giveBack(new Error('the connection ended before it was checked out'))
  else client.once('end', onEnd)
  return client
}

/**
 * Whether pg's client internals say its connection is gone: pg-pool itself reads `_queryable` to
 * decide a client is dead. Neither field is in pg's types, so each is looked for, not assumed.
 */
function hasEnded(client: object): boolean {
  const unqueryable = '_queryable' in client && client._queryable === false
  const ending = '_ending' in client && client._ending === true
  return unqueryable || ending
}
