import { type Pixel, pixelPlatformId } from '@funnelry/shared'

/**
 * Decision D28: a pixel stored as a bare ID runs as the platform's standard loader, the code the
 * platform itself tells sellers to paste (Meta's base code, Google's gtag.js snippet); a snippet
 * runs as it was pasted. The IDs matched the shared patterns (digits, or G-/AW- and capitals and
 * digits), so they are safe inside the script text.
 */
export const metaPixelLoader = (id: string) =>
  `<script>!function(f,b,e,v,n,t,s){if(f.fbq)return;n=f.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};if(!f._fbq)f._fbq=n;n.push=n;n.loaded=!0;n.version='2.0';n.queue=[];t=b.createElement(e);t.async=!0;t.src=v;s=b.getElementsByTagName(e)[0];s.parentNode.insertBefore(t,s)}(window,document,'script','https://connect.facebook.net/en_US/fbevents.js');fbq('init','${id}');fbq('track','PageView');</script>`

export const googleTagLoader = (id: string) =>
  `<script async src="https://www.googletagmanager.com/gtag/js?id=${id}"></script><script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag('js',new Date());gtag('config','${id}');</script>`

/** The HTML that runs one pixel. */
export function pixelSnippet(pixel: Pixel): string {
  const id = pixelPlatformId(pixel.script)
  if (!id) return pixel.script
  return id.platform === 'meta' ? metaPixelLoader(id.id) : googleTagLoader(id.id)
}
