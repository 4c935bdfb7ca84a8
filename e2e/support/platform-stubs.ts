import type { BrowserContext, Request } from 'playwright-core'

/**
 * Local stand-ins for the ad platforms' browser scripts (issue 24): Meta's fbevents.js and
 * Google's gtag.js are served by the test itself, never fetched, and record every call the page
 * makes, the way the real ones read them: fbevents.js takes over `fbq` (its queue, then each
 * call), gtag.js reads the `arguments` objects pushed onto `window.dataLayer`.
 */
const metaStub = `(function(){var f=window.fbq;var calls=window.__metaCalls=window.__metaCalls||[];
function record(a){calls.push(JSON.parse(JSON.stringify(Array.prototype.slice.call(a))))}
(f.queue||[]).forEach(record);f.queue=[];f.callMethod=function(){record(arguments)}})();`

const googleStub = `(function(){if(window.__googleCalls)return;var calls=window.__googleCalls=[];var d=window.dataLayer=window.dataLayer||[];
function record(a){if(a&&typeof a.length==='number')calls.push(JSON.parse(JSON.stringify(Array.prototype.slice.call(a))))}
d.forEach(record);var push=d.push;d.push=function(){for(var i=0;i<arguments.length;i++)record(arguments[i]);return push.apply(d,arguments)}})();`

export const platformScripts = {
  meta: 'https://connect.facebook.net/**',
  google: 'https://www.googletagmanager.com/**',
} as const

/** Serves the stubs in this browser context; returns the platform script URLs the pages asked for. */
export async function stubPlatformScripts(context: BrowserContext): Promise<string[]> {
  const requested: string[] = []
  const serve = (body: string) => async (route: { request(): Request; fulfill(options: object): Promise<void> }) => {
    requested.push(route.request().url())
    await route.fulfill({ status: 200, contentType: 'application/javascript', body })
  }
  await context.route(platformScripts.meta, serve(metaStub))
  await context.route(platformScripts.google, serve(googleStub))
  return requested
}

export type PlatformCall = unknown[]
export type RecordedCalls = { meta: PlatformCall[]; google: PlatformCall[] }

type RecordingWindow = Window & { __metaCalls?: PlatformCall[]; __googleCalls?: PlatformCall[] }

/** What the stubs recorded on the current page. */
export const readRecordedCalls = (): RecordedCalls => {
  const recording = window as RecordingWindow
  return { meta: recording.__metaCalls ?? [], google: recording.__googleCalls ?? [] }
}
