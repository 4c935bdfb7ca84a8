import { setTimeout } from 'node:timers/promises'
import type { BrowserContext } from 'playwright-core'

/**
 * What the pages of the running test saw: errors in their console, uncaught errors, failed
 * requests and every API call, when sent and when answered. Printed only when the test fails, so a
 * journey that times out on a busy CI machine says what the page was doing instead of only which
 * control never showed.
 */
const lines: string[] = []
const kept = 300

function record(line: string) {
  lines.push(`${new Date().toISOString().slice(11, 23)} ${line}`)
  if (lines.length > kept) lines.shift()
}

function watch(context: BrowserContext) {
  context.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') record(`console.${message.type()}: ${message.text()}`)
  })
  context.on('weberror', (error) => record(`uncaught: ${error.error().message}`))
  // Sent as well as answered: a call still unanswered when the journey gave up shows as sent only.
  context.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname.startsWith('/api/')) record(`sent ${request.method()} ${url.pathname}${url.search}`)
  })
  context.on('requestfailed', (request) => record(`failed: ${request.method()} ${request.url()} (${request.failure()?.errorText})`))
  context.on('response', (response) => {
    const url = new URL(response.url())
    const document = response.request().resourceType() === 'document'
    if (document || url.pathname.startsWith('/api/') || response.status() >= 400)
      record(`${response.status()} ${response.request().method()} ${url.pathname}${url.search}`)
  })
}

/**
 * What a page showed when its context closed (a journey closes its own in `finally`, before a
 * failure is reported): its address, the public page's hydration notes (early-opt-in.ts) and the
 * field errors on screen. A journey that timed out in the moment React takes a page over says which
 * side had the press.
 */
async function recordPageState(context: BrowserContext) {
  for (const page of context.pages()) {
    const read = page
      .evaluate(() => ({
        url: location.pathname,
        notes: Object.fromEntries(
          ['__fyHydrated', '__fyOptedIn', '__fySubmitted'].map((name) => [name, Reflect.get(window, name) ?? null]),
        ),
        fieldErrors: Array.from(document.querySelectorAll('.fy-field-error, [role="alert"]'), (node) => node.textContent),
      }))
      .catch((error: Error) => ({ unreadable: error.message.split('\n')[0] }))
    // A page that hangs must not hold the journey's close: its state is then not known.
    const state = await Promise.race([read, setTimeout(5_000, { unreadable: 'no answer in 5 s' })])
    record(`page at close: ${JSON.stringify(state)}`)
  }
}

/** The context's pages are watched from now on, and their state is recorded when it closes. */
export function watchContext(context: BrowserContext) {
  watch(context)
  const close = context.close.bind(context)
  context.close = async (...closeOptions) => {
    await recordPageState(context)
    return close(...closeOptions)
  }
}

/** The lines recorded since the last call, oldest first. */
export function takeBrowserLog(): string[] {
  return lines.splice(0)
}
