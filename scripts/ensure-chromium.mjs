// Before the browser journeys: make sure a Chromium is there. On a bare Debian machine run as
// root (CI, a fresh VM) it installs Debian's package; elsewhere it says what to install.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']
const found = () => candidates.find((path) => path && existsSync(path))

if (!found()) {
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')
  if (!canInstall) {
    console.error('The browser tests need Chromium: install it (e.g. `sudo apt-get install -y chromium`) or set CHROMIUM_PATH.')
    process.exit(1)
  }
  console.log('Chromium is missing: installing Debian’s chromium package for the browser tests…')
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env })
  if (!found()) {
    console.error('Chromium could not be installed; set CHROMIUM_PATH to a Chromium or Chrome binary.')
    process.exit(1)
  }
}
