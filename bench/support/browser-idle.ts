import { readdirSync, readFileSync } from 'node:fs'

const tickMs = 10 // USER_HZ = 100

/** CPU time (ms) used so far by a process and all its descendants, from /proc. */
function treeCpuMs(rootPid: number): number {
  const processes: { pid: number; ppid: number; ms: number }[] = []
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'latin1')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      processes.push({ pid: Number(name), ppid: Number(fields[1]), ms: (Number(fields[11]) + Number(fields[12])) * tickMs })
    } catch {
      // The process ended meanwhile.
    }
  }
  const inTree = new Set([rootPid])
  // Parents come before children often but not always: repeat until nothing is added.
  for (let added = true; added; ) {
    added = false
    for (const process of processes)
      if (!inTree.has(process.pid) && inTree.has(process.ppid)) {
        inTree.add(process.pid)
        added = true
      }
  }
  return processes.filter((process) => inTree.has(process.pid)).reduce((sum, process) => sum + process.ms, 0)
}

/**
 * Waits until a freshly started browser stops working on its own start: Chromium 156 loads its
 * omnibox popup (a WebUI page of several hundred ms of script) in every new browser, even headless,
 * and a load measured meanwhile shares the two cores with it (its long tasks grew, the static
 * twin's Total Blocking Time ranged 2-290 ms). Idle: under 10% of a core over 250 ms, at most 10 s.
 */
export async function untilBrowserIdle(browserPid: number): Promise<void> {
  const windowMs = 250
  const deadline = Date.now() + 10_000
  let before = treeCpuMs(browserPid)
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, windowMs))
    const now = treeCpuMs(browserPid)
    if (now - before <= windowMs * 0.1) return
    before = now
  }
}
