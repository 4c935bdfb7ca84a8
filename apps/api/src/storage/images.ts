import { type ImageVariantWidth, imageVariantWidths } from '@funnelry/shared'
import sharp from 'sharp'

export type ImageFormat = 'png' | 'jpeg'

export type NormalizedImage = { bytes: Buffer; format: ImageFormat; contentType: string; width: number; height: number }

export type ImageResult = { ok: true; image: NormalizedImage } | { ok: false; reason: 'not-png-or-jpeg' | 'too-many-pixels' }

export const imageLimits = {
  /** Longest side of a stored image: enough for a full-width hero on a high-density screen. */
  maxSide: 1600,
  /** Decoding cost is bounded by pixels, not bytes: a small file can claim a huge canvas. */
  maxInputPixels: 8000 * 8000,
}

const contentTypes: Record<ImageFormat, string> = { png: 'image/png', jpeg: 'image/jpeg' }

/**
 * The format from the file's first bytes, never from its name or declared type. Only PNG and
 * JPEG reach the decoder, so no other format's parser ever sees an upload.
 */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  if (bytes.length >= png.length && png.every((byte, i) => bytes[i] === byte)) return 'png'
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  return null
}

/**
 * Re-encodes an upload: turned upright per its EXIF orientation, every metadata block dropped
 * (sharp keeps none unless asked: camera, GPS, comments), the longest side brought down to
 * `maxSide`, same format. Anything that does not decode as the format its bytes claim is refused.
 */
export async function normalizeImage(input: Uint8Array, limits = imageLimits): Promise<ImageResult> {
  const format = sniffImageFormat(input)
  if (!format) return { ok: false, reason: 'not-png-or-jpeg' }
  const options = { failOn: 'error' as const, limitInputPixels: limits.maxInputPixels }
  try {
    const metadata = await sharp(input, options).metadata()
    if (metadata.format !== format) return { ok: false, reason: 'not-png-or-jpeg' }
    const pipeline = sharp(input, options)
      .autoOrient()
      .resize({ width: limits.maxSide, height: limits.maxSide, fit: 'inside', withoutEnlargement: true })
    const encoded = format === 'png' ? pipeline.png({ compressionLevel: 9 }) : pipeline.jpeg({ quality: 85, mozjpeg: true })
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true })
    return { ok: true, image: { bytes: data, format, contentType: contentTypes[format], width: info.width, height: info.height } }
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) return { ok: false, reason: 'too-many-pixels' }
    // A truncated or corrupt file: to the person it is simply not a usable image.
    return { ok: false, reason: 'not-png-or-jpeg' }
  }
}

/**
 * The WebP variants of a stored (already normalised) image, one per width in
 * `imageVariantWidths`: what pages list in `srcset` (issue 11). Never enlarged.
 */
export async function encodeImageVariants(original: Uint8Array): Promise<{ width: ImageVariantWidth; bytes: Buffer }[]> {
  return Promise.all(
    imageVariantWidths.map(async (width) => ({
      width,
      bytes: await sharp(original, { failOn: 'error', limitInputPixels: imageLimits.maxInputPixels })
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 78, effort: 4 })
        .toBuffer(),
    })),
  )
}
