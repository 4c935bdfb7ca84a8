import { existsSync } from 'node:fs'
import { type Browser, chromium } from 'playwright-core'

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']

/** Debian's Chromium (or CHROMIUM_PATH); playwright's own browser download cannot run here. */
export function findChromium(): string | undefined {
  return candidates.find((candidate): candidate is string => Boolean(candidate && existsSync(candidate)))
}

/** Headless Chromium on this machine's closed network: without these it keeps calling out and failing. */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export async function launchBrowser(): Promise<Browser> {
  const executablePath = findChromium()
  if (!executablePath) throw new Error('No Chromium found. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.')
  return chromium.launch({
    executablePath,
    headless: true,
    args: chromiumFlags,
  })
}
