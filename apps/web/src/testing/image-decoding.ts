/**
 * The test page draws no pictures: happy-dom's createImageBitmap takes no Blob (it refuses every file,
 * pictures too), and an <img> never loads. This stands in for the browser's decoder, as
 * installMatchMedia does for media queries, replacing happy-dom's. A file decodes when its bytes start
 * as a PNG's or a JPEG's do; anything else (a text file named "fake.png") is refused as a browser
 * refuses it, with an InvalidStateError.
 */
const signatures = [
  [0x89, 0x50, 0x4e, 0x47],
  [0xff, 0xd8, 0xff],
]

export function installImageDecoding() {
  globalThis.createImageBitmap = (async (source: unknown) => {
    const bytes = source instanceof Blob ? new Uint8Array(await source.arrayBuffer()) : new Uint8Array()
    const isPicture = signatures.some((signature) => signature.every((byte, at) => bytes[at] === byte))
    if (!isPicture) throw new DOMException('The source image could not be decoded.', 'InvalidStateError')
    return { width: 1, height: 1, close: () => {} } as ImageBitmap
  }) as typeof createImageBitmap
}
