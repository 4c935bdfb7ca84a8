/**
 * Hands a downloaded body to the browser as a file: an object URL on a temporary link with
 * `download`, clicked, then released. The revoke waits a moment: some browsers start reading the
 * URL only after the click handler has returned.
 */
export function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  link.rel = 'noopener'
  link.style.display = 'none'
  document.body.append(link)
  try {
    link.click()
  } finally {
    link.remove()
    setTimeout(() => URL.revokeObjectURL(url), 1000)
  }
}
