import { imageSrcSet } from '@funnelry/shared/offers/image-variants'

type FunnelImageProps = {
  src: string
  alt: string
  className: string
  /** The box the image fills, in CSS pixels; the width and height attributes keep its place before it loads. */
  width: number
  height: number
  /** How wide the image shows, for the browser to pick one of the stored WebP sizes. */
  sizes: string
  /** The first screen's largest image loads first; the others wait until they come near. */
  priority?: boolean
}

/** An uploaded image with its WebP sizes in `srcset` (issue 11); a draft's local image has none. */
export function FunnelImage({ src, alt, className, width, height, sizes, priority = false }: FunnelImageProps) {
  const srcSet = imageSrcSet(src)
  return (
    <img
      src={src}
      srcSet={srcSet ?? undefined}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      className={className}
      width={width}
      height={height}
      decoding="async"
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
    />
  )
}
