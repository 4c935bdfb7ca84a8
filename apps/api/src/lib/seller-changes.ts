import pg from 'pg'

/** The channel the database triggers of migration 0007 notify, with the changed seller's id. */
export const sellerChangedChannel = 'seller_changed'

/** A seller's id, or null for "anything may have changed" (the listener was away). */
export type ChangeListener = (sellerId: string | null) => void

/**
 * Tells in-process caches when a seller's public data changed, in any process (decision record
 * 0011). Each process keeps one dedicated connection LISTENing on `seller_changed`; while it is not
 * connected `live` is false and caches must not serve, since changes made meanwhile would be
 * missed. After a reconnect everything is dropped once, then caching resumes.
 */
export type SellerChanges = {
  readonly live: boolean
  /** Bumped on every change: a load that began before a change must not be stored after it. */
  readonly generation: number
  subscribe(listener: ChangeListener): void
  /** A change this process made: caches here drop at once, before its notification arrives. */
  changed(sellerId: string): void
  start(): void
  stop(): Promise<void>
}

const reconnectDelaysMs = [100, 250, 500, 1000, 2000, 5000]

/**
 * A connection can die without closing (a network cut, a failover that leaves the socket open):
 * no error, and no notification either. The listener asks its server every half second and counts
 * itself lost when no answer came within a second, so what it missed is known within 2 seconds
 * (session revocation's bound, docs/decisions/session-revocation.md), and caches stop serving.
 */
export const heartbeatIntervalMs = 500
export const heartbeatTimeoutMs = 1000

export function createSellerChanges(connection: pg.ClientConfig, log: (message: string) => void = () => {}): SellerChanges {
  const listeners: ChangeListener[] = []
  let live = false
  let generation = 0
  let stopped = true
  let client: pg.Client | undefined
  let failures = 0
  let retryTimer: NodeJS.Timeout | undefined
  let heartbeat: NodeJS.Timeout | undefined

  const stopHeartbeat = () => {
    if (heartbeat) clearInterval(heartbeat)
    heartbeat = undefined
  }

  const startHeartbeat = (listening: pg.Client) => {
    let answeredAt = Date.now()
    let waiting = false
    heartbeat = setInterval(() => {
      if (client !== listening) return stopHeartbeat()
      if (waiting && Date.now() - answeredAt > heartbeatTimeoutMs) return lost('the database did not answer the heartbeat')
      if (waiting) return
      waiting = true
      listening.query('select 1').then(
        () => {
          waiting = false
          answeredAt = Date.now()
        },
        (error: unknown) => lost(error instanceof Error ? error.message : String(error)),
      )
    }, heartbeatIntervalMs)
    heartbeat.unref()
  }

  const emit = (sellerId: string | null) => {
    generation += 1
    for (const listener of listeners) listener(sellerId)
  }

  const lost = (reason: string) => {
    if (!client) return
    stopHeartbeat()
    const lostClient = client
    client = undefined
    if (live) log(`Cache invalidation listener lost (${reason}); serving public reads uncached until it is back.`)
    live = false
    emit(null)
    lostClient.removeAllListeners()
    lostClient.on('error', () => {})
    void lostClient.end().catch(() => {})
    scheduleConnect()
  }

  const scheduleConnect = () => {
    if (stopped || retryTimer) return
    const delay = reconnectDelaysMs[Math.min(failures, reconnectDelaysMs.length - 1)] ?? 5000
    failures += 1
    retryTimer = setTimeout(() => {
      retryTimer = undefined
      void connect()
    }, delay)
    retryTimer.unref()
  }

  const connect = async () => {
    if (stopped || client) return
    const next = new pg.Client({ ...connection, application_name: 'funnelry-seller-changes' })
    client = next
    next.on('error', (error) => lost(error.message))
    next.on('end', () => lost('connection ended'))
    next.on('notification', (message) => {
      if (message.channel === sellerChangedChannel && message.payload) emit(message.payload)
    })
    try {
      await next.connect()
      await next.query(`listen ${sellerChangedChannel}`)
    } catch (error) {
      lost(error instanceof Error ? error.message : String(error))
      return
    }
    if (client !== next || stopped) return
    failures = 0
    // Whatever changed while nobody listened is unknown: start from empty caches.
    emit(null)
    live = true
    startHeartbeat(next)
  }

  return {
    get live() {
      return live
    },
    get generation() {
      return generation
    },
    subscribe: (listener) => {
      listeners.push(listener)
    },
    changed: (sellerId) => emit(sellerId),
    start() {
      if (!stopped) return
      stopped = false
      void connect()
    },
    async stop() {
      stopped = true
      live = false
      stopHeartbeat()
      if (retryTimer) clearTimeout(retryTimer)
      retryTimer = undefined
      const current = client
      client = undefined
      if (current) {
        current.removeAllListeners()
        current.on('error', () => {})
        await current.end().catch(() => {})
      }
    },
  }
}

/** The connection settings of the pool behind a drizzle database (`$client`), for the listener's own connection. */
export function connectionOf(db: object): pg.ClientConfig {
  const client = (db as { $client?: unknown }).$client
  if (!(client instanceof pg.Pool)) throw new Error('the database is not backed by a pg pool')
  const { connectionString, host, port, user, password, database, ssl } = client.options
  return { connectionString, host, port, user, password, database, ssl } as pg.ClientConfig
}
