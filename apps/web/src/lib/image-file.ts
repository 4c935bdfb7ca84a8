import { offerMessages } from '@funnelry/shared'

/** The kinds of image a page takes (spec section 5). */
const imageTypes: readonly string[] = ['image/png', 'image/jpeg']

/** Whether the browser can draw the file: a picture decodes, a text file named "fake.png" does not. */
async function decodes(file: Blob): Promise<boolean> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file)
      bitmap.close()
      return true
    } catch {
      return false
    }
  }
  // A browser without createImageBitmap loads it in an image instead.
  const url = URL.createObjectURL(file)
  try {
    return await new Promise<boolean>((resolve) => {
      const image = new Image()
      image.onload = () => resolve(image.naturalWidth > 0)
      image.onerror = () => resolve(false)
      image.src = url
    })
  } finally {
    URL.revokeObjectURL(url)
  }
}

/**
 * A chosen file checked before a form keeps it: a PNG or JPEG by its type, and a picture the browser
 * can decode. Null when it is one; else what to tell the seller (the server's own words).
 */
export async function imageFileProblem(file: File): Promise<string | null> {
  if (!imageTypes.includes(file.type)) return offerMessages.imageType
  return (await decodes(file)) ? null : offerMessages.imageType
}
