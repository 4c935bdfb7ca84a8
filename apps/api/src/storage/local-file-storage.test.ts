import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLocalFileStorage, type LocalFileStorage } from './local-file-storage.js'

describe('local file storage', () => {
  let root: string
  let storage: LocalFileStorage
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'funnelry-storage-'))
    storage = createLocalFileStorage(path.join(root, 'uploads'))
  })
  afterAll(() => rm(root, { recursive: true, force: true }))

  it('puts, addresses and deletes a file by key', async () => {
    await storage.put('images/abc-1.png', new Uint8Array([1, 2, 3]), 'image/png')
    expect(await readFile(path.join(root, 'uploads', 'images', 'abc-1.png'))).toEqual(Buffer.from([1, 2, 3]))
    expect(storage.url('images/abc-1.png')).toBe('/media/images/abc-1.png')
    await storage.delete('images/abc-1.png')
    await storage.delete('images/abc-1.png')
    await expect(readFile(path.join(root, 'uploads', 'images', 'abc-1.png'))).rejects.toThrow()
  })

  it('refuses keys that could leave its folder', async () => {
    for (const key of ['../escape.png', 'images/../../x.png', '/etc/passwd', 'images\\x.png', 'a/.hidden.png', '']) {
      await expect(storage.put(key, new Uint8Array(), 'image/png')).rejects.toThrow('not a valid storage key')
    }
  })
})
