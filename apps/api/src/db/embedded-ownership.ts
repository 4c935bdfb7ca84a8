import fs from 'node:fs/promises'
import pg from 'pg'

/**
 * Who owns the embedded cluster in DATA_DIR (docs/decisions, "The embedded database's owner").
 * The process that runs PostgreSQL as its child holds a session advisory lock on a connection of
 * its own for as long as it lives. The lock goes with that connection, and the connection goes with
 * the process however it ends (kill -9 included), so a cluster that answers while nobody holds the
 * lock was left behind by an owner that died: the next process adopts it.
 */

// Any constant works; it only has to be the same for every process of this product (and differ
// from the migration lock's 727_001).
const ownerLockId = 727_002

export type OwnerLock = { release: () => Promise<void> }

/** Takes the lock for this process, which runs the cluster. Null when the cluster does not answer. */
export async function holdOwnerLock(url: string): Promise<OwnerLock | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, application_name: 'funnelry-embedded-owner' })
  // The connection ends when the cluster stops or is killed; the supervisor takes the lock again.
  client.on('error', () => {})
  try {
    await client.connect()
    await client.query('select pg_advisory_lock($1)', [ownerLockId])
  } catch {
    await client.end().catch(() => {})
    return null
  }
  return { release: () => client.end().catch(() => {}) }
}

/** True when a live process of ours holds the cluster; false when it answers with nobody holding it. */
export async function isOwned(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 })
  client.on('error', () => {})
  try {
    await client.connect()
    const { rows } = await client.query<{ free: boolean }>('select pg_try_advisory_lock($1) as free', [ownerLockId])
    return rows[0]?.free !== true
  } finally {
    // Ending the session releases the lock it may just have taken.
    await client.end().catch(() => {})
  }
}

/**
 * Stops a postmaster nobody owns, as `pg_ctl stop -m fast` does (SIGINT: open transactions are
 * rolled back, a checkpoint is written), and waits until it has exited. Its pid is the first line
 * of postmaster.pid.
 */
export async function stopOrphanedPostmaster(pidFile: string, timeoutMs = 60_000): Promise<void> {
  const pid = Number((await fs.readFile(pidFile, 'utf8').catch(() => '')).split('\n')[0]?.trim())
  if (!Number.isInteger(pid) || pid <= 0) return
  try {
    process.kill(pid, 'SIGINT')
  } catch {
    return
  }
  const deadline = Date.now() + timeoutMs
  // PostgreSQL removes its pid file as it exits; that counts too, since a parent that does not reap
  // children (a container's init) would keep the exited process a zombie that still answers signals.
  while (isAlive(pid) && (await namesPid(pidFile, pid))) {
    if (Date.now() > deadline) throw new Error(`the PostgreSQL process ${pid} left in DATA_DIR did not stop in ${timeoutMs / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const namesPid = async (pidFile: string, pid: number) =>
  (await fs.readFile(pidFile, 'utf8').catch(() => '')).split('\n')[0]?.trim() === String(pid)

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists, we may not signal it.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
