import { vi } from 'vitest'

export type Download = { blob: Blob; url: string; filename: string }

/**
 * The test page cannot save files (and jsdom had no object URLs): this stubs `URL.createObjectURL` (and revoke)
 * and records each link a download clicks. Call the returned `restore` after the test.
 */
export function captureDownloads() {
  const downloads: Download[] = []
  const blobs = new Map<string, Blob>()
  const revoked: string[] = []
  const create = vi.fn((blob: Blob) => {
    const url = `blob:http://localhost/download-${blobs.size + 1}`
    blobs.set(url, blob)
    return url
  })
  const revoke = vi.fn((url: string) => {
    revoked.push(url)
  })
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL }
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: create })
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: revoke })
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href)
    if (blob) downloads.push({ blob, url: this.href, filename: this.download })
  })

  const restore = () => {
    click.mockRestore()
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: original.create })
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: original.revoke })
  }
  return { downloads, revoked, create, restore }
}
