import { spawn } from 'node:child_process'
import { once } from 'node:events'
import path from 'node:path'

/** Starts bench/support/bare-server.ts in its own process (as the product runs in its own). */
export async function startBareServer(files: string[] = []) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'bare-server.ts'), ...files], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const [chunk] = (await once(child.stdout, 'data')) as [Buffer]
  const port = Number(chunk.toString().trim())
  if (!port) throw new Error('the bare server did not start')
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM')
      if (child.exitCode === null) await once(child, 'exit')
    },
  }
}
