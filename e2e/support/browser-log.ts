import type { Browser, BrowserContext } from 'playwright-core'

/**
 * What the pages of the running test saw: errors in their console, uncaught errors, failed
 * requests and every API answer. Printed only when the test fails, so a journey that times out on
 * a busy CI machine says what the page was doing instead of only which control never showed.
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
  context.on('requestfailed', (request) => record(`failed: ${request.method()} ${request.url()} (${request.failure()?.errorText})`))
  context.on('response', (response) => {
    const url = new URL(response.url())
    const document = response.request().resourceType() === 'document'
    if (document || url.pathname.startsWith('/api/') || response.status() >= 400)
      record(`${response.status()} ${response.request().method()} ${url.pathname}${url.search}`)
  })
}

/** Every context the browser opens from now on is watched (journeys open their own contexts). */
export function watchContexts(browser: Browser) {
  const open = browser.newContext.bind(browser)
  browser.newContext = async (...options) => {
    const context = await open(...options)
    watch(context)
    return context
  }
}

/** The lines recorded since the last call, oldest first. */
export function takeBrowserLog(): string[] {
  return lines.splice(0)
}
