import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * The address the server last ran at, kept in DATA_DIR: a command run beside it (`npm run invite`)
 * without PORT or PUBLIC_URL in its own environment would otherwise print a link on the default
 * port 3000 while the server listens elsewhere (issue 22).
 */
const fileIn = (dataDir: string) => path.join(dataDir, 'public-url')

export async function recordPublicUrl(dataDir: string, publicUrl: string): Promise<void> {
  await mkdir(dataDir, { recursive: true })
  await writeFile(fileIn(dataDir), `${publicUrl}\n`)
}

/** The recorded address, or undefined when no server has run on this DATA_DIR yet. */
export async function recordedPublicUrl(dataDir: string): Promise<string | undefined> {
  try {
    const url = (await readFile(fileIn(dataDir), 'utf8')).trim()
    return URL.canParse(url) ? url : undefined
  } catch {
    return undefined
  }
}
