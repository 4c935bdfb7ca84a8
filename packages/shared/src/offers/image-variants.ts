/**
 * Every uploaded image is also stored as WebP at these widths (issue 11), named after the
 * original: `images/<id>.png` → `images/<id>-w480.webp`. Pages list them in `srcset`, so a phone
 * downloads the size it shows instead of the original. An original narrower than a width is
 * stored at its own width under that name.
 */
export const imageVariantWidths = [240, 480, 800, 1200] as const
export type ImageVariantWidth = (typeof imageVariantWidths)[number]

/** An original as the server names it; anything else (a draft's blob: URL) has no variants. */
const originalName = /^(.*\/[a-z0-9][a-z0-9_-]*)\.(png|jpg)$/
/** A variant's name, and so where its original is found. */
const variantName = /^(.*\/[a-z0-9][a-z0-9_-]*)-w(\d+)\.webp$/

/** The key or URL of one variant, or null when `original` is not a stored original. */
export function imageVariant(original: string, width: ImageVariantWidth): string | null {
  const match = originalName.exec(original)
  return match ? `${match[1]}-w${width}.webp` : null
}

/** The `srcset` of an image's variants, or null when it has none. */
export function imageSrcSet(original: string): string | null {
  if (!originalName.test(original)) return null
  return imageVariantWidths.map((width) => `${imageVariant(original, width)} ${width}w`).join(', ')
}

/** The original's stem and the width a variant's key asks for, or null when `key` is no variant. */
export function parseImageVariant(key: string): { stem: string; width: ImageVariantWidth } | null {
  const match = variantName.exec(key)
  const width = Number(match?.[2]) as ImageVariantWidth
  if (!match?.[1] || !imageVariantWidths.includes(width)) return null
  return { stem: match[1], width }
}
