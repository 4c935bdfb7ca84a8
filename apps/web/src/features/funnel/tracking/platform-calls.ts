/**
 * The ad platforms' browser APIs as their loaders define them: Meta's `fbq` and Google's `gtag`
 * (which only pushes its `arguments` onto `window.dataLayer`, read by gtag.js or a tag manager).
 */
type TrackingWindow = Window & { fbq?: (...args: unknown[]) => void; dataLayer?: unknown[] }

const trackingWindow = () => window as TrackingWindow

/** Meta's pixel, when a snippet or loader has defined it on this page. */
export function fbq(...args: unknown[]): void {
  trackingWindow().fbq?.(...args)
}

/**
 * Google's own definition: gtag.js reads `arguments` objects from the data layer, not arrays, so
 * this pushes the arguments object itself (as every Google snippet's `gtag` does).
 */
export function gtag(..._args: unknown[]): void {
  const target = trackingWindow()
  target.dataLayer = target.dataLayer ?? []
  // biome-ignore lint/complexity/noArguments: gtag.js only reads Arguments objects from the data layer.
  target.dataLayer.push(arguments)
}
